#include "repair/restore_plan.hpp"

#include "repair/audit_log.hpp"

#include "checks/analyzers.hpp"
#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "repair/repair_checks.hpp"
#include "checks/finding_enricher.hpp"
#include "core/error.hpp"
#include "incidents/incidents.hpp"
#include "repair/drop_plan.hpp"
#include "repair/restore_pointers.hpp"
#include "repair/restore_state.hpp"
#include "store/generation.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>
#include <functional>
#include <future>
#include <set>

namespace rwdoctor::repair {

namespace {

using Row = std::vector<std::optional<std::string>>;

constexpr std::string_view k_backup_unusable = "the backup cannot be used";

using db::column_index;
using db::int_values;

std::vector<int>
sorted_unique(std::vector<int> values)
{
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

// The integers of a column of JSON arrays (fragment.upstream_fragment_id), sorted and unique;
// values that are not arrays of integers are skipped (the checks report them).
std::vector<int>
int_list_values(const db::CapturedTable& table, const std::string& column)
{
  std::vector<int> values;
  const int index = column_index(table, column);
  if (index < 0) {
    return values;
  }
  for (const auto& row : table.rows) {
    const auto& text = row[static_cast<std::size_t>(index)];
    const auto list = text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
    if (!list.is_array()) {
      continue;
    }
    for (const auto& element : list) {
      if (element.is_number_integer()) {
        values.push_back(element.get<int>());
      }
    }
  }
  return sorted_unique(std::move(values));
}

// Rows of `table` matching any of the (column, ids) conditions, without duplicates.
db::CapturedTable
select_union(db::MetaStoreSession& session, const std::string& table,
             const std::vector<std::pair<std::string, std::vector<int>>>& conditions)
{
  db::CapturedTable result;
  for (const auto& [column, ids] : conditions) {
    auto part = db::select_rows(session, table, column, ids);
    if (result.columns.empty()) {
      result = std::move(part);
    } else {
      result.rows.insert(result.rows.end(), part.rows.begin(), part.rows.end());
    }
  }
  std::sort(result.rows.begin(), result.rows.end());
  result.rows.erase(std::unique(result.rows.begin(), result.rows.end()), result.rows.end());
  return result;
}

Row
key_of(const Row& row, const std::vector<int>& key_indexes)
{
  Row key;
  for (const int index : key_indexes) {
    key.push_back(row[static_cast<std::size_t>(index)]);
  }
  return key;
}

std::string
describe_key(const Row& key)
{
  std::string text;
  for (const auto& value : key) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", value.value_or("NULL"));
  }
  return fmt::format("({})", text);
}

// A repair's check runs leave out the scan of every blob (repair_check_selection), so each
// protobuf value a restore would write is validated here instead, before anything is touched:
// the same wire-format test as blob-malformed, on exactly the values that change.
void
refuse_malformed_protobuf(const RestorePlan& plan, std::vector<std::string>& refusals)
{
  std::string bytes;
  const auto wellformed = [&](const std::optional<std::string>& value) {
    return !value || (util::decode_bytea_hex(*value, bytes) && checks::is_wellformed_protobuf(bytes));
  };
  for (const auto& table : plan.changes.inserted) {
    const auto keys = plan.changes.key_columns.find(table.table);
    for (std::size_t column = 0; column < table.columns.size(); ++column) {
      if (!checks::is_protobuf_column(table.table, table.columns[column])) {
        continue;
      }
      for (const auto& row : table.rows) {
        if (wellformed(row[column])) {
          continue;
        }
        Row key;
        for (const auto& key_column : keys == plan.changes.key_columns.end() ? std::vector<std::string>{} : keys->second) {
          const int index = column_index(table, key_column);
          key.push_back(index < 0 ? std::nullopt : row[static_cast<std::size_t>(index)]);
        }
        refusals.push_back(fmt::format("the backup's {} row {} has a {} that is not well-formed protobuf",
                                       table.table, describe_key(key), table.columns[column]));
      }
    }
  }
  for (const auto& update : plan.changes.updates) {
    if (checks::is_protobuf_column(update.table, update.column) && !wellformed(update.new_value)) {
      refusals.push_back(fmt::format("the backup's {} row {} has a {} that is not well-formed protobuf",
                                     update.table, describe_key(update.key), update.column));
    }
  }
}

// The live findings that make `jobs` restore candidates. Returns the jobs without one: they
// are refused unless live already has all their backup rows (nothing to do).
std::vector<int>
take_restore_findings(const checks::CheckReport& report, const std::vector<int>& jobs, RestorePlan& plan)
{
  std::vector<int> without_findings;
  plan.generation = report.meta_store.generation;
  const auto refusals = report_refusals(report, false);
  plan.refusals.insert(plan.refusals.end(), refusals.begin(), refusals.end());
  const auto offering = findings_offering_by_job(report, jobs, checks::Repair::restore_fragments);
  for (const int job : jobs) {
    const auto found = offering.find(job);
    if (found == offering.end()) {
      without_findings.push_back(job);
    } else {
      plan.findings.insert(plan.findings.end(), found->second.begin(), found->second.end());
    }
  }
  return without_findings;
}

// The integer first column of the embedded file `path` run with `ids` as its int array $1.
std::vector<int>
ids_of(db::MetaStoreSession& session, std::string_view path, const std::vector<int>& ids)
{
  std::vector<int> values;
  for (const auto& row : session.run_file(path, {util::pg_int_array(ids)}).values) {
    int value = 0;
    if (row[0] && util::parse_int32(*row[0], value)) {
      values.push_back(value);
    }
  }
  return values;
}

// The backup's rows of the jobs' fragment graph: fragments, their edges (either end), splits,
// legacy actors, the jobs' table rows, their indexes and refresh jobs; and the rows of the
// objects of those tables (internal tables): their object rows, their privileges, and the
// object_dependency rows of the jobs and those objects. Which of the object rows, privileges
// and dependencies a restore puts back is decided against live (plan_restore).
struct BackupGraph
{
  std::vector<db::CapturedTable> tables;
  std::vector<int> fragment_ids; // sorted
  std::vector<int> table_ids;    // sorted
};

BackupGraph
read_backup_graph(db::MetaStoreSession& backup, const std::vector<int>& jobs)
{
  const auto facts = backup.schema_facts();
  const auto generation = store::detect_generation(backup.applied_migrations());
  const bool actors_used = !generation.has(store::migration::fragment_splits);
  BackupGraph graph;
  // The fragment rows carry the blobs and take most of the read: a sibling session on the
  // backup's snapshot reads them while this one reads the rest through the fragments' ids.
  std::unique_ptr<db::MetaStoreSession> sibling;
  try {
    sibling = backup.open_sibling(backup.export_snapshot());
  } catch (const OperationalError&) {
    // No second connection (a failed export aborts the transaction, so the next read fails
    // and explains it): everything is read here, one table after another.
  }
  std::future<db::CapturedTable> sibling_fragments;
  if (sibling) {
    sibling_fragments = std::async(std::launch::async, [&sibling, &jobs] {
      return db::select_rows(*sibling, "fragment", "job_id", jobs);
    });
  }
  auto fragments = sibling ? db::CapturedTable{} : db::select_rows(backup, "fragment", "job_id", jobs);
  graph.fragment_ids = sibling ? ids_of(backup, "sql/repair/fragments_of_jobs.sql", jobs)
                               : int_values(fragments, "fragment_id");
  const auto& fragment_ids = graph.fragment_ids;
  if (facts.has("fragment_relation")) {
    graph.tables.push_back(select_union(backup, "fragment_relation",
                                        {{"source_fragment_id", fragment_ids}, {"target_fragment_id", fragment_ids}}));
  }
  if (facts.has("fragment_splits")) {
    graph.tables.push_back(db::select_rows(backup, "fragment_splits", "fragment_id", fragment_ids));
  }
  if (actors_used && facts.has("actor")) {
    auto actors = db::select_rows(backup, "actor", "fragment_id", fragment_ids);
    if (facts.has("actor_dispatcher")) {
      // Also the rows of other jobs' actors that dispatch into these fragments: the fragment
      // delete cascaded them away too (dispatcher_id), and before v2.3 they are the edges.
      graph.tables.push_back(select_union(backup, "actor_dispatcher",
                                          {{"actor_id", int_values(actors, "actor_id")}, {"dispatcher_id", fragment_ids}}));
    }
    graph.tables.push_back(std::move(actors));
  }
  auto tables = select_union(backup, "table", {{"table_id", jobs}, {"belongs_to_job_id", jobs}});
  graph.table_ids = int_values(tables, "table_id");
  graph.tables.push_back(std::move(tables));
  graph.tables.push_back(db::select_rows(backup, "index", "index_table_id", graph.table_ids));
  if (facts.has("refresh_job")) {
    graph.tables.push_back(db::select_rows(backup, "refresh_job", "table_id", graph.table_ids));
  }
  graph.tables.push_back(db::select_rows(backup, "object", "oid", graph.table_ids));
  std::vector<int> owners = graph.table_ids;
  owners.insert(owners.end(), jobs.begin(), jobs.end());
  graph.tables.push_back(select_union(backup, "object_dependency", {{"used_by", owners}, {"oid", owners}}));
  if (facts.has("user_privilege")) {
    graph.tables.push_back(db::select_rows(backup, "user_privilege", "oid", graph.table_ids));
  }
  if (sibling) {
    fragments = sibling_fragments.get();
    if (int_values(fragments, "fragment_id") != fragment_ids) {
      throw OperationalError("the backup's fragment rows and fragment ids differ although both were read from one snapshot");
    }
  }
  graph.tables.insert(graph.tables.begin(), std::move(fragments));
  return graph;
}

// What the restore's rows reach: the fragments an inserted edge (or legacy dispatcher) ends
// at, and the objects that get rows back (the jobs, their tables and internal objects) or a
// column value (a kept row's pointer, a table's fragment columns).
struct RestoredReach
{
  std::set<int> edge_fragments;
  std::set<int> objects;
};

RestoredReach
restored_reach(const RestorePlan& plan)
{
  RestoredReach reach;
  reach.objects.insert(plan.request.jobs.begin(), plan.request.jobs.end());
  reach.objects.insert(plan.request.repaired_first.begin(), plan.request.repaired_first.end());
  for (const auto& table : plan.changes.inserted) {
    if (table.table == "fragment_relation") {
      for (const auto& column : {"source_fragment_id", "target_fragment_id"}) {
        const auto ends = int_values(table, column);
        reach.edge_fragments.insert(ends.begin(), ends.end());
      }
    } else if (table.table == "actor_dispatcher") {
      const auto ends = int_values(table, "dispatcher_id");
      reach.edge_fragments.insert(ends.begin(), ends.end());
    } else if (table.table == "table" || table.table == "object") {
      const auto ids = int_values(table, table.table == "table" ? "table_id" : "oid");
      reach.objects.insert(ids.begin(), ids.end());
    }
  }
  for (const auto& update : plan.changes.updates) {
    int id = 0;
    if (update.key.size() == 1 && update.key.front() && util::parse_int32(*update.key.front(), id)) {
      reach.objects.insert(id); // a table's, sink's or job's row: keyed by the object's id
    }
  }
  return reach;
}

bool
goes_with_restore(const checks::Finding& finding, const RestoredReach& reach)
{
  const auto reached = [&](const std::optional<int>& id, const std::set<int>& ids) {
    return id && ids.count(*id) != 0;
  };
  return reached(finding.other_job, reach.objects) || reached(finding.object_id, reach.objects)
         || reached(finding.fragment_id, reach.edge_fragments);
}

// The incident `rwdoctor check` gives the first root finding about `job` (the numbers of a
// whole check run: blob-malformed too), or 0.
int
check_incident_of(db::MetaStoreSession& live, int job)
{
  const auto report = checks::run_checks(live, checks::Catalogue::builtin(), checks::CheckSelection{}, nullptr);
  std::vector<incidents::FindingFacts> facts;
  for (const auto& finding : report.findings) {
    facts.push_back(incidents::facts_of(static_cast<int>(facts.size()) + 1, finding));
  }
  for (const auto& incident : incidents::analyse(facts).incidents) {
    if (std::find(incident.jobs.begin(), incident.jobs.end(), job) != incident.jobs.end()) {
      return incident.id;
    }
  }
  return 0;
}

// The verification after the restore reads the neighbours in full, so a neighbour that is
// already broken would roll the restore back: refuse at plan time instead, naming what to
// repair first. A neighbour's incident blocks only if one of its findings would remain after
// the restore: one whose cause is a restored job's, or that the restore's own rows reach
// (goes_with_restore), is expected to go with it.
void
refuse_broken_neighbours(db::MetaStoreSession& live, const std::set<int>& requested, RestorePlan& plan)
{
  std::set<int> neighbours;
  for (const int job : plan.neighbour_jobs) {
    if (requested.count(job) == 0 && plan.request.repaired_first.count(job) == 0) {
      neighbours.insert(job);
    }
  }
  if (neighbours.empty()) {
    return;
  }
  std::set<int> read = neighbours;
  read.insert(requested.begin(), requested.end());
  const auto report = checks::run_checks(live, checks::Catalogue::builtin(), repair_check_selection(read, read), nullptr);
  std::vector<incidents::FindingFacts> facts;
  for (const auto& finding : report.findings) {
    facts.push_back(incidents::facts_of(static_cast<int>(facts.size()) + 1, finding));
  }
  const auto analysis = incidents::analyse(facts);
  const auto reach = restored_reach(plan);
  std::set<int> refused;
  for (const auto& incident : analysis.incidents) {
    const auto& root = report.findings[static_cast<std::size_t>(incident.root) - 1];
    if (!root.job_id || requested.count(*root.job_id) != 0 || neighbours.count(*root.job_id) == 0
        || refused.count(*root.job_id) != 0) {
      continue;
    }
    const auto remaining = std::find_if(incident.findings.begin(), incident.findings.end(), [&](int id) {
      return !goes_with_restore(report.findings[static_cast<std::size_t>(id) - 1], reach);
    });
    if (remaining == incident.findings.end()) {
      continue;
    }
    const auto& stays = report.findings[static_cast<std::size_t>(*remaining) - 1];
    refused.insert(*root.job_id);
    plan.broken_neighbours.push_back(*root.job_id);
    const int number = check_incident_of(live, *root.job_id);
    plan.refusals.push_back(fmt::format(
      "neighbour job {} is already broken, and the checks after the restore would roll it back: [{}] {}{}; repair "
      "job {} first ({})",
      *root.job_id, stays.check, stays.message,
      incident.findings.size() > 1 ? fmt::format(" (+{} more)", incident.findings.size() - 1) : std::string(),
      *root.job_id,
      number > 0 ? fmt::format("incident {} of rwdoctor check -d {}", number, util::shell_quote(plan.database))
                 : fmt::format("rwdoctor check -d {} lists it", util::shell_quote(plan.database))));
  }
}

// Keeps, of the backup's object, object_dependency and user_privilege rows in `tables`, the
// ones the restore puts back: object rows of the jobs' tables that live lacks (internal tables
// whose object rows went), whose database and schema live still has; the dependencies of the
// jobs and of those objects, either way, whose both ends are in live or put back, unless live has the same
// (oid, used_by) under another id; the privileges on the objects put back. Rows of objects
// live has are never touched: a live object row is not the backup's to overwrite. Returns the
// objects put back.
std::set<int>
keep_objects_to_restore(db::MetaStoreSession& live, const std::set<int>& objects_in_live,
                        std::vector<db::CapturedTable>& tables, RestorePlan& plan)
{
  const auto integer = [](const db::CapturedTable& table, const Row& row, const char* column) {
    int value = 0;
    const int index = column_index(table, column);
    return index >= 0 && util::parse_int32(row[static_cast<std::size_t>(index)].value_or(""), value) ? value : 0;
  };
  const auto keep_if = [](db::CapturedTable& table, const std::function<bool(const Row&)>& wanted) {
    table.rows.erase(std::remove_if(table.rows.begin(), table.rows.end(), [&](const Row& row) { return !wanted(row); }),
                     table.rows.end());
  };
  std::set<int> restored;
  for (auto& table : tables) {
    if (table.table != "object") {
      continue;
    }
    keep_if(table, [&](const Row& row) { return objects_in_live.count(integer(table, row, "oid")) == 0; });
    std::vector<int> parents;
    for (const auto& row : table.rows) {
      parents.push_back(integer(table, row, "database_id"));
      parents.push_back(integer(table, row, "schema_id"));
    }
    const auto found = ids_of(live, "sql/repair/existing_objects.sql", parents);
    const std::set<int> parents_in_live(found.begin(), found.end());
    keep_if(table, [&](const Row& row) {
      const int oid = integer(table, row, "oid");
      for (const char* column : {"database_id", "schema_id"}) {
        const int parent = integer(table, row, column);
        if (parent != 0 && parents_in_live.count(parent) == 0) {
          plan.refusals.push_back(fmt::format("object {} is missing in live and its {} {} is too; restore puts back "
                                              "a job's objects, not databases or schemas",
                                              oid, column, parent));
          return false;
        }
      }
      restored.insert(oid);
      return true;
    });
  }
  for (auto& table : tables) {
    if (table.table == "user_privilege") {
      keep_if(table, [&](const Row& row) {
        if (restored.count(integer(table, row, "oid")) == 0) {
          return false;
        }
        if (integer(table, row, "dependent_id") != 0) {
          plan.left_out.push_back(fmt::format("privilege {} on object {}: it was granted through another privilege",
                                              integer(table, row, "id"), integer(table, row, "oid")));
          return false;
        }
        return true;
      });
    }
    if (table.table != "object_dependency") {
      continue;
    }
    // Either way: a restored job's edges to its downstream jobs need their dependency rows as
    // much as its edges from upstream do (dependency-invalid).
    const std::set<int> jobs(plan.request.jobs.begin(), plan.request.jobs.end());
    keep_if(table, [&](const Row& row) {
      for (const int end : {integer(table, row, "used_by"), integer(table, row, "oid")}) {
        if (jobs.count(end) != 0 || restored.count(end) != 0) {
          return true;
        }
      }
      return false;
    });
    std::vector<int> ends;
    for (const auto& row : table.rows) {
      ends.push_back(integer(table, row, "oid"));
      ends.push_back(integer(table, row, "used_by"));
    }
    const auto found = ids_of(live, "sql/repair/existing_objects.sql", ends);
    const std::set<int> ends_in_live(found.begin(), found.end());
    std::set<std::pair<int, int>> pairs_in_live;
    const auto live_rows = db::select_rows(live, "object_dependency", "used_by", ends);
    for (const auto& row : live_rows.rows) {
      pairs_in_live.emplace(integer(live_rows, row, "oid"), integer(live_rows, row, "used_by"));
    }
    keep_if(table, [&](const Row& row) {
      const int oid = integer(table, row, "oid");
      const int used_by = integer(table, row, "used_by");
      for (const int end : {oid, used_by}) {
        if (ends_in_live.count(end) == 0 && restored.count(end) == 0) {
          plan.left_out.push_back(fmt::format("dependency of {} on {}: object {} no longer exists in live", used_by,
                                              oid, end));
          return false;
        }
      }
      // The same dependency under another id: live has it (the ids differ, the meaning not).
      return pairs_in_live.count({oid, used_by}) == 0 || live_rows.rows.end() != std::find_if(
        live_rows.rows.begin(), live_rows.rows.end(), [&](const Row& live_row) { return live_row == row; });
    });
  }
  return restored;
}

// The jobs that own `fragments` in `session` (by id only: no blob is read).
std::vector<int>
jobs_of_fragments(db::MetaStoreSession& session, const std::vector<int>& fragments)
{
  return ids_of(session, "sql/repair/jobs_of_fragments.sql", fragments);
}

// What the plan reads from the backup besides its checks. A failed read is kept and raised
// only if the plan gets as far as needing the rows; before that a refusal (such as a backup
// whose checks cannot run) may explain it better.
struct BackupRows
{
  BackupGraph graph;
  std::vector<std::string> migrations;
  std::vector<Row> objects;             // describe_plan_objects.sql
  std::vector<db::ObjectInfo> names;
  db::CapturedTable jobs;               // the jobs' streaming_job rows
  std::vector<BackupPointers> pointers; // rows of other objects pointing into the graph
  std::exception_ptr read_error;
};

// The backup's side of a plan, on its own thread and connection: the rows the plan compares
// with live, handed to `rows`, then, once `run_checks` says so, the backup's own checks for the
// jobs, returned. Once `rows` is set the thread no longer touches anything of the plan's, so
// the checks may run beside the restore's writes (plan_restore's `backup_checks`).
checks::CheckReport
read_backup_side(db::MetaStoreSession& backup, const std::vector<int>& jobs, std::promise<BackupRows>& rows,
                 std::future<bool>& run_checks)
{
  BackupRows side;
  try {
    side.graph = read_backup_graph(backup, jobs);
    side.pointers = read_backup_pointers(backup, side.graph.tables, jobs);
    side.migrations = backup.applied_migrations();
    side.objects = backup.run_file("sql/repair/describe_plan_objects.sql", {util::pg_int_array(jobs)}).values;
    side.names = backup.describe_objects(jobs);
    side.jobs = db::select_rows(backup, "streaming_job", "job_id", jobs);
  } catch (...) {
    side.read_error = std::current_exception();
  }
  rows.set_value(std::move(side));
  if (!run_checks.get()) {
    throw OperationalError("the backup's checks did not run: the plan ended first");
  }
  const std::set<int> job_set(jobs.begin(), jobs.end());
  return checks::run_checks(backup, checks::Catalogue::builtin(), repair_check_selection(job_set, job_set), nullptr);
}

} // namespace

bool
restore_reaches(const RestorePlan& plan, const checks::Finding& finding)
{
  return goes_with_restore(finding, restored_reach(plan));
}

std::vector<std::string>
backup_check_refusals(BackupChecks& backup_checks)
{
  std::vector<std::string> refusals;
  checks::CheckReport report;
  try {
    report = backup_checks.get();
  } catch (const Error& error) {
    refusals.push_back(fmt::format("{}: {}", k_backup_unusable, error.what()));
    return refusals;
  }
  for (const auto& finding : report.findings) {
    if (checks::counts_as_inconsistency(finding.severity)) {
      refusals.push_back(fmt::format("the backup's own rows are inconsistent: [{}] {}", finding.check, finding.message));
    }
  }
  return refusals;
}

std::map<std::string, std::size_t>
RestorePlan::row_counts() const
{
  return changes.row_counts();
}

RestorePlan
plan_restore(db::MetaStoreSession& live, db::MetaStoreSession& backup, const std::string& backup_description,
             const RestoreRequest& request, BackupChecks* backup_checks)
{
  RestorePlan plan;
  plan.request = request;
  plan.database = live.database();
  plan.schema = live.schema();
  plan.server = live.server_identity();
  plan.backup = backup_description;
  // The backup must be a meta store of the same generation whose own rows for the jobs are
  // sound. Its reads and checks run on the backup's own connection while live's run here: the
  // two stores are independent, so the plan waits for the slower side, not for both in a row.
  std::promise<BackupRows> rows_promise;
  std::promise<bool> run_checks_promise;
  auto backup_rows = rows_promise.get_future();
  // The promises move into the thread, which outlives plan_restore when the checks are deferred.
  BackupChecks checks_of_backup =
    std::async(std::launch::async, [&backup, jobs = request.jobs, rows = std::move(rows_promise),
                                    run = run_checks_promise.get_future()]() mutable {
      return read_backup_side(backup, jobs, rows, run);
    });
  // Deferred, the backup's checks start when the plan is made, beside the restore's writes and
  // after run, which use one core; until then the backup's connection reads the rows to
  // restore while live's candidate checks run. They are not on the way to COMMIT either way.
  // A plan that ends early, by a refusal or an error, never starts them.
  struct StartBackupChecks
  {
    std::promise<bool>& promise;
    bool started = false;
    void operator()(bool run)
    {
      if (!started) {
        started = true;
        promise.set_value(run);
      }
    }
    ~StartBackupChecks() { (*this)(false); }
  } start_backup_checks{run_checks_promise};
  if (backup_checks == nullptr) {
    start_backup_checks(true);
  }
  // Live's run here only makes each job a candidate: the checks that offer restore-fragments,
  // for the jobs. The repair's before and after runs read for the jobs and their neighbours
  // (check_scope), known once the backup's edges are.
  const std::set<int> requested(request.jobs.begin(), request.jobs.end());
  const auto live_report = checks::run_checks(live, checks::Catalogue::builtin(),
                                              candidate_check_selection(checks::Repair::restore_fragments, requested),
                                              nullptr);
  const auto without_findings = take_restore_findings(live_report, request.jobs, plan);
  // Live's reads that need nothing from the backup, made while the backup's rows are read.
  const auto live_migrations = live.applied_migrations();
  const auto live_objects = live.run_file("sql/repair/describe_plan_objects.sql", {util::pg_int_array(request.jobs)}).values;
  const auto live_names = live.describe_objects(request.jobs);
  const auto live_tables = select_union(live, "table", {{"table_id", request.jobs}, {"belongs_to_job_id", request.jobs}});
  const auto keys = db::primary_keys(live);
  auto backup_side = backup_rows.get();
  std::vector<std::string> backup_refusals;
  // A backup whose rows could not be read is explained by its checks, which then fail too.
  if (backup_checks == nullptr || backup_side.read_error) {
    start_backup_checks(true);
    backup_refusals = backup_check_refusals(checks_of_backup);
    if (!backup_refusals.empty() && backup_refusals.front().rfind(k_backup_unusable, 0) == 0) {
      plan.refusals.push_back(backup_refusals.front());
      return plan;
    }
  } else {
    *backup_checks = std::move(checks_of_backup);
  }
  const auto& backup_migrations = backup_side.migrations;
  if (std::set<std::string>(live_migrations.begin(), live_migrations.end())
      != std::set<std::string>(backup_migrations.begin(), backup_migrations.end())) {
    plan.refusals.push_back(fmt::format("the backup is RisingWave {} ({} migrations), live is {} ({} migrations): "
                                        "their tables differ",
                                        store::detect_generation(backup_migrations).label, backup_migrations.size(),
                                        plan.generation, live_migrations.size()));
    return plan;
  }
  plan.refusals.insert(plan.refusals.end(), backup_refusals.begin(), backup_refusals.end());

  // Identity: the same object, type, database, schema and (where live still knows it) name.
  const auto& backup_objects = backup_side.objects;
  const auto& backup_names = backup_side.names;
  const auto by_oid_text = [](const std::vector<Row>& rows) {
    std::map<std::string, const Row*> found;
    for (const auto& row : rows) {
      found.emplace(row[0].value_or(""), &row);
    }
    return found;
  };
  const auto by_oid = [](const std::vector<db::ObjectInfo>& infos) {
    std::map<int, const db::ObjectInfo*> found;
    for (const auto& info : infos) {
      found.emplace(info.oid, &info);
    }
    return found;
  };
  const auto live_object_of = by_oid_text(live_objects);
  const auto backup_object_of = by_oid_text(backup_objects);
  const auto live_name_of = by_oid(live_names);
  const auto backup_name_of = by_oid(backup_names);
  for (const int job : request.jobs) {
    const auto in_live = live_object_of.find(std::to_string(job));
    const auto in_backup = backup_object_of.find(std::to_string(job));
    if (in_backup == backup_object_of.end()) {
      plan.refusals.push_back(fmt::format("job {} is not in the backup", job));
      plan.not_in_backup.push_back(job);
      continue;
    }
    if (in_live == live_object_of.end()) {
      plan.refusals.push_back(fmt::format("job {} is not in live; restore puts back fragments, not jobs", job));
      continue;
    }
    for (std::size_t column = 1; column <= 3; ++column) {
      if ((*in_live->second)[column] != (*in_backup->second)[column]) {
        plan.refusals.push_back(fmt::format("job {} differs between live and backup (type, database or schema)", job));
        break;
      }
    }
    const auto live_name = live_name_of.find(job);
    const auto backup_name = backup_name_of.find(job);
    if (live_name != live_name_of.end() && backup_name != backup_name_of.end() && live_name->second->object_name
        && backup_name->second->object_name
        && checks::qualified_name(*live_name->second) != checks::qualified_name(*backup_name->second)) {
      plan.refusals.push_back(fmt::format("job {} is {} in live but {} in the backup", job,
                                          *checks::qualified_name(*live_name->second),
                                          *checks::qualified_name(*backup_name->second)));
    }
  }
  if (!plan.refusals.empty()) {
    return plan;
  }

  // The backup's rows of the jobs' fragment graph, read beside live's checks.
  if (backup_side.read_error) {
    std::rethrow_exception(backup_side.read_error);
  }
  auto backup_tables = std::move(backup_side.graph.tables);
  // Taken before the rows move into the plan's inserts.
  const auto state_tables = backup_state_tables(backup_tables, request.jobs);
  const auto& fragment_ids = backup_side.graph.fragment_ids;
  const auto& table_ids = backup_side.graph.table_ids;
  const auto facts = live.schema_facts();

  // The job changed after the backup if live has tables of it the backup does not know.
  for (const int table_id : int_values(live_tables, "table_id")) {
    if (!std::binary_search(table_ids.begin(), table_ids.end(), table_id)) {
      plan.refusals.push_back(fmt::format("live has table {} of the job that the backup does not: the job changed "
                                          "after the backup",
                                          table_id));
    }
  }
  const int live_fragment_column = column_index(live_tables, "fragment_id");
  for (const auto& row : live_tables.rows) {
    int fragment = 0;
    if (live_fragment_column >= 0 && row[static_cast<std::size_t>(live_fragment_column)]
        && util::parse_int32(*row[static_cast<std::size_t>(live_fragment_column)], fragment)
        && !std::binary_search(fragment_ids.begin(), fragment_ids.end(), fragment)) {
      plan.refusals.push_back(fmt::format("live table {} points at fragment {}, which the backup's job does not have: "
                                          "the job changed after the backup",
                                          row[0].value_or("?"), fragment));
    }
  }

  // Compare each backup row with live by primary key: missing rows are inserted, equal rows
  // skipped, a table's fragment columns updated, anything else refused.
  const std::set<std::string> updatable = {"fragment_id", "dml_fragment_id", "vnode_count"};
  std::set<int> live_fragment_ids;
  {
    std::vector<int> other_ends;
    for (const auto& table : backup_tables) {
      if (table.table == "fragment_relation") {
        const auto sources = int_values(table, "source_fragment_id");
        const auto targets = int_values(table, "target_fragment_id");
        other_ends.insert(other_ends.end(), sources.begin(), sources.end());
        other_ends.insert(other_ends.end(), targets.begin(), targets.end());
      } else if (table.table == "actor_dispatcher") {
        // Before v2.3 the edges are the actors' dispatchers (downstream) and the fragments'
        // upstream_fragment_id lists (upstream).
        const auto targets = int_values(table, "dispatcher_id");
        other_ends.insert(other_ends.end(), targets.begin(), targets.end());
      } else if (table.table == "fragment" && !facts.has("fragment_relation")) {
        const auto sources = int_list_values(table, "upstream_fragment_id");
        other_ends.insert(other_ends.end(), sources.begin(), sources.end());
      }
    }
    // Only which of them exist: by id, without reading the fragments' blobs.
    for (const int id : ids_of(live, "sql/repair/existing_fragments.sql", other_ends)) {
      live_fragment_ids.insert(id);
    }
    // The live jobs at the far ends of the backup's edges of the jobs' fragments join the
    // jobs in the repair's check runs.
    std::vector<int> far_ends;
    for (const int id : live_fragment_ids) {
      if (!std::binary_search(fragment_ids.begin(), fragment_ids.end(), id)) {
        far_ends.push_back(id);
      }
    }
    plan.check_scope = requested;
    for (const int job : jobs_of_fragments(live, far_ends)) {
      plan.check_scope.insert(job);
    }
  }
  std::set<int> neighbours;
  const auto existing_objects = ids_of(live, "sql/repair/existing_objects.sql", table_ids);
  const std::set<int> objects_in_live(existing_objects.begin(), existing_objects.end());
  const auto restored_objects = keep_objects_to_restore(live, objects_in_live, backup_tables, plan);

  std::vector<db::CapturedTable> inserts;
  // Rows to insert are moved out of backup_tables, so the plan holds each backup row once.
  for (auto& table : backup_tables) {
    const auto key_found = keys.find(table.table);
    if (key_found == keys.end() || table.rows.empty()) {
      continue;
    }
    std::vector<int> key_indexes;
    std::vector<std::string> key_types;
    for (const auto& column : key_found->second) {
      key_indexes.push_back(column_index(table, column));
      key_types.push_back(table.types[static_cast<std::size_t>(key_indexes.back())]);
    }
    // The live rows with the same keys, read through the first key column.
    auto live_rows = db::select_rows(live, table.table, key_found->second.front(), int_values(table, key_found->second.front()));
    std::map<Row, Row> live_by_key;
    for (auto& row : live_rows.rows) {
      live_by_key.emplace(key_of(row, key_indexes), std::move(row));
    }
    db::CapturedTable to_insert;
    to_insert.table = table.table;
    to_insert.columns = table.columns;
    to_insert.types = table.types;
    for (auto& row : table.rows) {
      const auto key = key_of(row, key_indexes);
      if (request.inserted_first.count({table.table, key}) != 0) {
        continue; // an earlier step of repair all puts it back
      }
      const auto in_live = live_by_key.find(key);
      if (in_live == live_by_key.end()) {
        if (table.table == "fragment_relation") {
          const int source = std::stoi(row[static_cast<std::size_t>(column_index(table, "source_fragment_id"))].value_or("0"));
          const int target = std::stoi(row[static_cast<std::size_t>(column_index(table, "target_fragment_id"))].value_or("0"));
          const bool source_ok = std::binary_search(fragment_ids.begin(), fragment_ids.end(), source)
                                 || live_fragment_ids.count(source) != 0;
          const bool target_ok = std::binary_search(fragment_ids.begin(), fragment_ids.end(), target)
                                 || live_fragment_ids.count(target) != 0;
          if (!source_ok || !target_ok) {
            plan.missing_fragments.push_back(source_ok ? target : source);
            plan.left_out.push_back(fmt::format("edge {} -> {}: fragment {} no longer exists in live", source, target,
                                                source_ok ? target : source));
            continue;
          }
        }
        if (table.table == "table") {
          const int table_id = std::stoi(row[0].value_or("0"));
          if (objects_in_live.count(table_id) == 0 && restored_objects.count(table_id) == 0) {
            plan.refusals.push_back(fmt::format("object {} of table row {} is missing in live; restore does not "
                                                "create objects",
                                                table_id, table_id));
            continue;
          }
        }
        to_insert.rows.push_back(std::move(row));
        continue;
      }
      if (in_live->second == row) {
        continue;
      }
      std::string key_text;
      for (const auto& value : key) {
        key_text += fmt::format("{}{}", key_text.empty() ? "" : ",", value.value_or("NULL"));
      }
      const auto choice = fmt::format("{}:{}", table.table, key_text);
      if (std::find(request.keep_live.begin(), request.keep_live.end(), choice) != request.keep_live.end()) {
        plan.left_out.push_back(fmt::format("{} row {}: kept as it is in live (--keep-live {})", table.table,
                                            describe_key(key), choice));
        continue;
      }
      if (table.table == "fragment") {
        const int job_column = column_index(table, "job_id");
        if (in_live->second[static_cast<std::size_t>(job_column)] != row[static_cast<std::size_t>(job_column)]) {
          plan.refusals.push_back(fmt::format("fragment id {} is used in live by job {}", row[0].value_or("?"),
                                              in_live->second[static_cast<std::size_t>(job_column)].value_or("?")));
          continue;
        }
      }
      bool only_updatable = table.table == "table";
      std::vector<RowUpdate> changes;
      for (std::size_t column = 0; column < table.columns.size(); ++column) {
        if (in_live->second[column] == row[column]) {
          continue;
        }
        if (updatable.count(table.columns[column]) == 0) {
          only_updatable = false;
          break;
        }
        changes.push_back(RowUpdate{table.table, key_found->second, key_types, key, table.columns[column],
                                    table.types[column], in_live->second[column], row[column]});
      }
      if (!only_updatable) {
        plan.refusals.push_back(fmt::format("{} row {} exists in live with other content; rwdoctor never overwrites "
                                            "it (keep live's with --keep-live {})",
                                            table.table, describe_key(key), choice));
        continue;
      }
      plan.changes.updates.insert(plan.changes.updates.end(), changes.begin(), changes.end());
    }
    if (!to_insert.rows.empty()) {
      plan.changes.key_columns[table.table] = key_found->second;
      inserts.push_back(std::move(to_insert));
    }
  }

  // A job that lost only its streaming_job row gets the backup's back (restore-rows). A live
  // job's own row is never overwritten: its parallelism or status may have changed since the
  // backup for good reasons (only backfill_orders, below, follows the restored fragments).
  const auto& backup_jobs = backup_side.jobs;
  const auto live_jobs = db::select_rows(live, "streaming_job", "job_id", request.jobs);
  {
    db::CapturedTable missing;
    missing.table = backup_jobs.table;
    missing.columns = backup_jobs.columns;
    missing.types = backup_jobs.types;
    for (const auto& backup_row : backup_jobs.rows) {
      if (std::none_of(live_jobs.rows.begin(), live_jobs.rows.end(),
                       [&](const Row& live_row) { return live_row[0] == backup_row[0]; })) {
        missing.rows.push_back(backup_row);
      }
    }
    if (!missing.rows.empty()) {
      plan.changes.key_columns["streaming_job"] = {"job_id"};
      inserts.push_back(std::move(missing));
    }
  }
  // streaming_job.backfill_orders refers to fragment ids: set it to the backup's value.
  if (facts.has("streaming_job.backfill_orders")) {
    const int column = column_index(backup_jobs, "backfill_orders");
    for (const auto& backup_row : backup_jobs.rows) {
      for (const auto& live_row : live_jobs.rows) {
        if (live_row[0] == backup_row[0] && live_row[static_cast<std::size_t>(column)]
                                              != backup_row[static_cast<std::size_t>(column)]) {
          plan.changes.updates.push_back(RowUpdate{"streaming_job", {"job_id"}, {backup_jobs.types[0]}, {live_row[0]},
                                           "backfill_orders", backup_jobs.types[static_cast<std::size_t>(column)],
                                           live_row[static_cast<std::size_t>(column)],
                                           backup_row[static_cast<std::size_t>(column)]});
        }
      }
    }
  }

  // A restored sink into a table goes back into the table's incoming_sinks (up to v2.6), where
  // a drop took it out; the other elements stay as live has them.
  if (facts.has("table.incoming_sinks") && facts.has("sink.target_table")) {
    const auto jobs = util::pg_int_array(std::vector<int>(requested.begin(), requested.end()));
    for (const auto& row : live.run_file("sql/repair/restore_incoming_sinks.sql", {jobs}).values) {
      plan.changes.updates.push_back(RowUpdate{"table", {"table_id"}, {row[3].value_or("integer")}, {row[0]},
                                               "incoming_sinks", row[4].value_or("jsonb"), row[1], row[2]});
    }
  }

  // Rows of other objects that live keeps and that pointed at the restored rows in the backup
  // (a sink into the restored table) get the pointer back where a cleanup set it to NULL.
  const auto pointer_updates =
    restored_pointers(live, backup_side.pointers, inserts, keys, plan.changes.updates, plan.left_out);
  plan.changes.updates.insert(plan.changes.updates.end(), pointer_updates.begin(), pointer_updates.end());

  // Parents first, as the foreign keys need them.
  std::vector<std::string> names;
  for (const auto& table : inserts) {
    names.push_back(table.table);
  }
  for (const auto& name : db::insert_order_of(live, names)) {
    for (auto& table : inserts) {
      if (table.table == name) {
        plan.changes.inserted.push_back(std::move(table));
      }
    }
  }
  for (const auto& table : plan.changes.inserted) {
    if (table.table != "fragment_relation") {
      continue;
    }
    const int source = column_index(table, "source_fragment_id");
    const int target = column_index(table, "target_fragment_id");
    std::vector<int> ends;
    for (const auto& row : table.rows) {
      for (const int index : {source, target}) {
        int id = 0;
        if (util::parse_int32(row[static_cast<std::size_t>(index)].value_or(""), id)
            && !std::binary_search(fragment_ids.begin(), fragment_ids.end(), id)) {
          ends.push_back(id);
        }
      }
    }
    for (const int job : jobs_of_fragments(live, ends)) {
      neighbours.insert(job);
    }
  }
  plan.neighbour_jobs.assign(neighbours.begin(), neighbours.end());
  if (plan.refusals.empty()) {
    refuse_broken_neighbours(live, requested, plan);
  }
  // A job whose state Hummock no longer holds (or holds behind its database) cannot come back.
  grade_restored_state(live, state_tables, request.jobs, plan.state, plan.refusals);
  // Both read every value the restore writes and neither changes the plan, so they share the cores.
  auto inserts_hash = std::async(std::launch::async, [&plan] { return hash_rows(plan.changes.inserted); });
  std::vector<std::string> malformed;
  refuse_malformed_protobuf(plan, malformed);
  const auto inserted_hash = inserts_hash.get();
  plan.refusals.insert(plan.refusals.end(), malformed.begin(), malformed.end());
  const bool nothing_lacking = plan.changes.inserted.empty() && plan.changes.updates.empty();
  if (nothing_lacking && plan.refusals.empty() && without_findings.size() == request.jobs.size()) {
    // A repeated restore: live has every row of the jobs' graph, byte for byte as the backup.
    const auto restored = AuditLog(live).last_repairs("restore", request.jobs);
    plan.nothing_to_do = fmt::format("live already has every row of {}'s fragment graph, byte for byte as the "
                                     "backup{}; nothing to do",
                                     request.jobs.size() == 1 ? fmt::format("job {}", request.jobs.front())
                                                              : fmt::format("jobs {}", fmt::join(request.jobs, ", ")),
                                     restored.empty() ? "" : fmt::format(" (restored by rwdoctor: {})",
                                                                         describe_repairs(restored)));
  } else {
    // A job without a finding only says something when every check that looks for one ran.
    const auto failed = failed_check_refusals(live_report);
    if (!without_findings.empty() && !failed.empty()) {
      plan.refusals.insert(plan.refusals.end(), failed.begin(), failed.end());
    }
    for (const int job : failed.empty() ? without_findings : std::vector<int>{}) {
      plan.refusals.push_back(fmt::format("job {} has no finding that restore-fragments repairs in live", job));
    }
    if (nothing_lacking && plan.refusals.empty()) {
      plan.refusals.push_back("the backup has nothing that live lacks for these jobs");
    }
  }

  plan.rows_hash = hash_changes(plan.changes, inserted_hash);
  start_backup_checks(plan.refusals.empty());
  return plan;
}

} // namespace rwdoctor::repair
