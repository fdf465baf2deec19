#include "hummock/state_inspector.hpp"

#include "core/error.hpp"
#include "hummock/hummock_decode.hpp"
#include "sql/embedded_sql.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <set>

namespace rwdoctor::hummock {

namespace {

// A bytea value in PostgreSQL's text form, decoded; nullopt when NULL or not hex.
std::optional<std::string>
bytea_of(const std::optional<std::string>& text)
{
  std::string bytes;
  if (!text || !util::decode_bytea_hex(*text, bytes)) {
    return std::nullopt;
  }
  return bytes;
}

std::uint64_t
id_of(const std::optional<std::string>& text)
{
  try {
    return text ? std::stoull(*text) : 0;
  } catch (const std::exception&) {
    return 0;
  }
}

std::vector<int>
table_ids_as_ints(const std::vector<std::uint32_t>& ids)
{
  std::vector<int> ints;
  for (const auto id : ids) {
    if (id <= static_cast<std::uint32_t>(std::numeric_limits<int>::max())) {
      ints.push_back(static_cast<int>(id));
    }
  }
  return ints;
}

std::vector<TableOwner>
owners_from(const db::Rows& rows)
{
  std::vector<TableOwner> owners;
  for (const auto& row : rows.values) {
    int table = 0;
    int job = 0;
    int database = 0;
    if (!row[0] || !util::parse_int32(*row[0], table)) {
      continue;
    }
    TableOwner owner;
    owner.table_id = static_cast<std::uint32_t>(table);
    if (row[1] && util::parse_int32(*row[1], job)) {
      owner.job_id = job;
    }
    if (row[2] && util::parse_int32(*row[2], database)) {
      owner.database_id = database;
    }
    owner.job_created = row[3] && *row[3] == "CREATED";
    owner.table_object = row.size() > 4 && row[4] && *row[4] == "TABLE";
    owner.batch_refresh = row.size() > 5 && row[5] && *row[5] == "t";
    owners.push_back(owner);
  }
  return owners;
}

} // namespace

StateInspector::StateInspector(db::MetaStoreSession& session) : m_session(session) {}

void
StateInspector::load()
{
  if (m_loaded) {
    return;
  }
  m_loaded = true;
  const auto& schema = facts();
  if (!schema.has("hummock_version_delta") || !schema.has("hummock_version_stats")
      || !schema.has("hummock_time_travel_version") || !schema.has("hummock_time_travel_delta")) {
    m_evidence.readable = false;
    return;
  }
  try {
    for (const auto& row : m_session.run_file("sql/hummock/version_deltas.sql").values) {
      const auto bytes = bytea_of(row[1]);
      auto delta = bytes ? decode_version_delta(*bytes) : std::nullopt;
      if (!delta) {
        m_evidence.undecodable.push_back(fmt::format("hummock_version_delta {}", row[0].value_or("?")));
        continue;
      }
      delta->id = id_of(row[0]); // the row's key is the version, whatever the blob says
      m_evidence.deltas.push_back(std::move(*delta));
    }
    // The newest snapshot that decodes; an older one still bounds the registrations.
    auto below = std::to_string(std::numeric_limits<std::int64_t>::max());
    for (int tries = 0; tries < 3 && !m_evidence.snapshot; ++tries) {
      const auto rows = m_session.run_file("sql/hummock/time_travel_version.sql", {below});
      if (rows.values.empty()) {
        break;
      }
      const auto& row = rows.values.front();
      const auto bytes = bytea_of(row[1]);
      m_evidence.snapshot = bytes ? decode_version(*bytes) : std::nullopt;
      if (m_evidence.snapshot) {
        m_evidence.snapshot->id = id_of(row[0]);
      } else {
        m_evidence.undecodable.push_back(fmt::format("hummock_time_travel_version {}", row[0].value_or("?")));
      }
      below = row[0].value_or("0");
    }
    const auto after = m_evidence.snapshot ? std::to_string(m_evidence.snapshot->id) : std::string("-1");
    for (const auto& row : m_session.run_file("sql/hummock/time_travel_deltas.sql", {after}).values) {
      const auto bytes = bytea_of(row[1]);
      auto delta = bytes ? decode_version_delta(*bytes) : std::nullopt;
      if (!delta) {
        m_evidence.undecodable.push_back(fmt::format("hummock_time_travel_delta {}", row[0].value_or("?")));
        continue;
      }
      delta->id = id_of(row[0]);
      m_evidence.time_travel.push_back(std::move(*delta));
    }
    read_version_stats();
  } catch (const OperationalError&) {
    // Unreadable Hummock tables (a permission, say) leave every grade unknown; the checks that
    // read the catalog are what the run is for.
    m_evidence = HummockEvidence{};
    m_evidence.readable = false;
    return;
  }
  m_rebuilt = reconstruct(m_evidence);
  std::vector<std::uint32_t> registered;
  for (const auto& [table, entry] : m_rebuilt.registered) {
    registered.push_back(table);
  }
  if (!registered.empty()) {
    m_frontiers = database_frontiers(m_rebuilt, owners_of(table_ids_as_ints(registered)));
  }
}

void
StateInspector::read_version_stats()
{
  const auto type = m_session.run_file("sql/hummock/version_stats.sql");
  if (type.values.empty() || !type.values.front()[0]) {
    return;
  }
  if (*type.values.front()[0] != "object") {
    m_evidence.undecodable.push_back("hummock_version_stats 0");
    return;
  }
  m_session.copy_rows(sql::embedded_sql("sql/hummock/version_stats_entries.sql"), std::string(),
                      [&](std::vector<std::optional<std::string>>& row) {
                        if (row.size() == 2 && row[0] && row[1]) {
                          if (auto entry = parse_version_stats_entry(*row[0], *row[1])) {
                            m_evidence.stats.insert(*entry);
                          }
                        }
                      },
                      "cannot read hummock_version_stats");
}

std::vector<TableOwner>
StateInspector::owners_of(const std::vector<int>& ids)
{
  std::vector<int> unread;
  for (const int id : ids) {
    if (id >= 0 && m_owners.count(static_cast<std::uint32_t>(id)) == 0) {
      unread.push_back(id);
    }
  }
  if (!unread.empty()) {
    std::sort(unread.begin(), unread.end());
    unread.erase(std::unique(unread.begin(), unread.end()), unread.end());
    for (const auto& owner : owners_from(m_session.run_file("sql/hummock/table_owners.sql", {util::pg_int_array(unread)}))) {
      m_owners[owner.table_id] = owner;
    }
  }
  std::vector<TableOwner> owners;
  for (const int id : ids) {
    if (const auto found = id >= 0 ? m_owners.find(static_cast<std::uint32_t>(id)) : m_owners.end();
        found != m_owners.end()) {
      owners.push_back(found->second);
    }
  }
  return owners;
}

const HummockEvidence&
StateInspector::evidence()
{
  load();
  return m_evidence;
}

std::vector<std::pair<int, std::uint32_t>>
StateInspector::state_tables_of(const std::vector<int>& jobs)
{
  std::vector<std::pair<int, std::uint32_t>> tables;
  if (jobs.empty()) {
    return tables;
  }
  const auto argument = util::pg_int_array(jobs);
  auto add = [&tables](const db::Rows& rows) {
    for (const auto& row : rows.values) {
      int job = 0;
      int table = 0;
      if (row[0] && row[1] && util::parse_int32(*row[0], job) && util::parse_int32(*row[1], table) && table >= 0) {
        tables.emplace_back(job, static_cast<std::uint32_t>(table));
      }
    }
  };
  add(m_session.run_file("sql/hummock/job_state_tables.sql", {argument}));
  add(m_session.run_file("sql/hummock/job_state_tables_orphaned.sql", {argument}));
  if (facts().has("object.belong_to_oid")) {
    add(m_session.run_file("sql/hummock/job_state_tables_by_parent.sql", {argument}));
  }
  std::sort(tables.begin(), tables.end());
  tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
  return tables;
}

const store::SchemaFacts&
StateInspector::facts()
{
  if (!m_facts) {
    m_facts = m_session.schema_facts();
  }
  return *m_facts;
}

std::vector<std::pair<int, std::uint32_t>>
StateInspector::table_objects_only(const std::vector<std::pair<int, std::uint32_t>>& tables)
{
  if (tables.empty()) {
    return {};
  }
  std::vector<int> ids;
  for (const auto& pair : tables) {
    ids.push_back(static_cast<int>(pair.second));
  }
  std::set<std::uint32_t> table_objects;
  for (const auto& owner : owners_of(ids)) {
    if (owner.table_object) {
      table_objects.insert(owner.table_id);
    }
  }
  std::vector<std::pair<int, std::uint32_t>> kept;
  std::copy_if(tables.begin(), tables.end(), std::back_inserter(kept),
               [&table_objects](const std::pair<int, std::uint32_t>& pair) { return table_objects.count(pair.second) != 0; });
  return kept;
}

StateSummary
StateInspector::grade_jobs(const std::vector<int>& jobs, const std::vector<std::pair<int, std::uint32_t>>& extra)
{
  auto tables = state_tables_of(jobs);
  // Only TABLE objects hold state: an orphaned source or sink of an incident is no table.
  const auto kept = table_objects_only(extra);
  tables.insert(tables.end(), kept.begin(), kept.end());
  return grade_tables(tables);
}

std::vector<StateSummary>
StateInspector::grade_incidents(const std::vector<incidents::Incident>& incidents,
                                const std::vector<incidents::FindingFacts>& facts)
{
  // Every job's tables, every attributed table and every grade in one batch of queries.
  std::set<int> all_jobs;
  std::vector<std::pair<int, std::uint32_t>> extra;
  for (const auto& incident : incidents) {
    all_jobs.insert(incident.jobs.begin(), incident.jobs.end());
    const auto attributed = attributed_tables(incident, facts);
    extra.insert(extra.end(), attributed.begin(), attributed.end());
  }
  auto tables = state_tables_of(std::vector<int>(all_jobs.begin(), all_jobs.end()));
  const auto kept = table_objects_only(extra);
  tables.insert(tables.end(), kept.begin(), kept.end());
  std::sort(tables.begin(), tables.end());
  tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
  const auto states = grade_pairs(tables, nullptr);
  std::map<std::pair<int, std::uint32_t>, const TableState*> graded;
  // The same states by job, in table order: an incident takes its jobs' in (job, table) order
  // without a walk over every graded table (thousands of incidents at scale M).
  std::map<int, std::vector<const TableState*>> by_job;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    graded[tables[i]] = &states[i];
    by_job[tables[i].first].push_back(&states[i]);
  }
  std::vector<StateSummary> summaries;
  for (const auto& incident : incidents) {
    std::vector<TableState> own;
    for (const int job : std::set<int>(incident.jobs.begin(), incident.jobs.end())) {
      if (const auto found = by_job.find(job); found != by_job.end()) {
        for (const auto* state : found->second) {
          own.push_back(*state);
        }
      }
    }
    for (const auto& pair : attributed_tables(incident, facts)) {
      if (const auto found = graded.find(pair); found != graded.end()) {
        own.push_back(*found->second);
      }
    }
    summaries.push_back(summarize(std::move(own), m_rebuilt.newest));
  }
  return summaries;
}

StateSummary
StateInspector::grade_tables(const std::vector<std::pair<int, std::uint32_t>>& tables, const std::set<int>* created_jobs)
{
  auto states = grade_pairs(tables, created_jobs);
  return summarize(std::move(states), m_rebuilt.newest);
}

std::map<int, StateSummary>
StateInspector::grade_each_job(const std::vector<std::pair<int, std::uint32_t>>& tables, const std::vector<int>& jobs,
                               const std::set<int>* created_jobs)
{
  auto states = grade_pairs(tables, created_jobs);
  std::map<int, std::vector<TableState>> own;
  for (std::size_t i = 0; i < tables.size(); ++i) {
    own[tables[i].first].push_back(std::move(states[i]));
  }
  std::map<int, StateSummary> summaries;
  for (const int job : jobs) {
    summaries[job] = summarize(std::move(own[job]), m_rebuilt.newest);
  }
  return summaries;
}

std::map<int, StateSummary>
StateInspector::grade_jobs_each(const std::vector<int>& jobs, const std::vector<std::pair<int, std::uint32_t>>& extra)
{
  auto tables = state_tables_of(jobs);
  const auto kept = table_objects_only(extra);
  tables.insert(tables.end(), kept.begin(), kept.end());
  return grade_each_job(tables, jobs);
}

std::vector<TableState>
StateInspector::grade_pairs(const std::vector<std::pair<int, std::uint32_t>>& tables, const std::set<int>* created_jobs)
{
  load();
  std::vector<TableState> states;
  if (tables.empty()) {
    return states;
  }
  std::vector<std::uint32_t> ids;
  std::set<int> jobs;
  for (const auto& [job, table] : tables) {
    ids.push_back(table);
    jobs.insert(job);
  }
  // Each table's database from the catalog; its job as the caller attributes it.
  std::map<std::uint32_t, TableOwner> catalog;
  for (const auto& owner : owners_of(table_ids_as_ints(ids))) {
    catalog[owner.table_id] = owner;
  }
  std::map<int, std::string> statuses;
  for (const auto& row : m_session.run_file("sql/hummock/job_statuses.sql",
                                            {util::pg_int_array(std::vector<int>(jobs.begin(), jobs.end()))})
                           .values) {
    int job = 0;
    if (row[0] && util::parse_int32(*row[0], job)) {
      statuses[job] = row[1].value_or("");
    }
  }
  for (const auto& [job, table] : tables) {
    TableOwner owner = catalog.count(table) != 0 ? catalog[table] : TableOwner{};
    owner.table_id = table;
    owner.job_id = job;
    const auto status = statuses.find(job);
    owner.job_created = (status != statuses.end() && status->second == "CREATED")
                        || (created_jobs != nullptr && created_jobs->count(job) != 0);
    states.push_back(grade_table(owner, m_evidence, m_rebuilt, m_frontiers));
  }
  return states;
}

IncidentStateSource
incident_state_source(StateInspector& inspector)
{
  return [&inspector](const std::vector<incidents::Incident>& incidents, const std::vector<incidents::FindingFacts>& facts) {
    return inspector.grade_incidents(incidents, facts);
  };
}

} // namespace rwdoctor::hummock
