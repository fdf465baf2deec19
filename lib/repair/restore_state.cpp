#include "repair/restore_state.hpp"

#include "hummock/state_inspector.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <limits>
#include <set>

namespace rwdoctor::repair {

namespace {

int
index_of_column(const db::CapturedTable& table, const std::string& column)
{
  const auto found = std::find(table.columns.begin(), table.columns.end(), column);
  return found == table.columns.end() ? -1 : static_cast<int>(found - table.columns.begin());
}

std::optional<int>
int_at(const std::vector<std::optional<std::string>>& row, int index)
{
  int value = 0;
  if (index < 0 || !row[static_cast<std::size_t>(index)] || !util::parse_int32(*row[static_cast<std::size_t>(index)], value)) {
    return std::nullopt;
  }
  return value;
}

// Each job's own tables of `tables` graded in `live`, with a refusal per blocking grade.
void
grade_each_job(db::MetaStoreSession& live, const std::vector<std::pair<int, std::uint32_t>>& tables,
               const std::vector<int>& jobs, const std::set<int>* created, std::map<int, hummock::StateSummary>& states,
               std::vector<std::string>& refusals)
{
  hummock::StateInspector inspector(live);
  auto graded = inspector.grade_each_job(tables, jobs, created);
  for (const int job : jobs) {
    states[job] = std::move(graded[job]);
    if (auto refusal = hummock::restore_refusal(job, states[job])) {
      refusals.push_back(std::move(*refusal));
    }
  }
}

} // namespace

std::vector<std::pair<int, std::uint32_t>>
backup_state_tables(const std::vector<db::CapturedTable>& backup_tables, const std::vector<int>& jobs)
{
  std::vector<std::pair<int, std::uint32_t>> tables;
  const auto wanted = [&jobs](const std::optional<int>& job) {
    return job && std::find(jobs.begin(), jobs.end(), *job) != jobs.end();
  };
  for (const auto& table : backup_tables) {
    if (table.table == "fragment") {
      const int job_column = index_of_column(table, "job_id");
      const int list_column = index_of_column(table, "state_table_ids");
      for (const auto& row : table.rows) {
        const auto job = int_at(row, job_column);
        if (!wanted(job) || list_column < 0 || !row[static_cast<std::size_t>(list_column)]) {
          continue;
        }
        const auto list = nlohmann::json::parse(*row[static_cast<std::size_t>(list_column)], nullptr, false);
        for (const auto& element : list.is_array() ? list : nlohmann::json::array()) {
          if (element.is_number_integer() && element.get<std::int64_t>() >= 0
              && element.get<std::int64_t>() <= std::numeric_limits<std::int32_t>::max()) {
            tables.emplace_back(*job, element.get<std::uint32_t>());
          }
        }
      }
    } else if (table.table == "table") {
      const int id_column = index_of_column(table, "table_id");
      const int owner_column = index_of_column(table, "belongs_to_job_id");
      for (const auto& row : table.rows) {
        const auto id = int_at(row, id_column);
        const auto owner = int_at(row, owner_column);
        const auto job = owner ? owner : id;
        if (id && *id >= 0 && wanted(job)) {
          tables.emplace_back(*job, static_cast<std::uint32_t>(*id));
        }
      }
    }
  }
  std::sort(tables.begin(), tables.end());
  tables.erase(std::unique(tables.begin(), tables.end()), tables.end());
  return tables;
}

void
grade_restored_state(db::MetaStoreSession& live, const std::vector<std::pair<int, std::uint32_t>>& tables,
                     const std::vector<int>& jobs, std::map<int, hummock::StateSummary>& states,
                     std::vector<std::string>& refusals)
{
  grade_each_job(live, tables, jobs, nullptr, states, refusals);
}

void
grade_undone_state(db::MetaStoreSession& live, const std::vector<db::CapturedTable>& tables,
                   std::map<int, hummock::StateSummary>& states, std::vector<std::string>& refusals)
{
  // The jobs are the undo file's streaming_job rows; a TABLE object row of the drop that is no
  // job's own table (an internal table whose "table" row had gone) goes with the first of them.
  std::vector<int> jobs;
  std::set<int> created;
  for (const auto& table : tables) {
    if (table.table != "streaming_job") {
      continue;
    }
    const int id_column = index_of_column(table, "job_id");
    const int status_column = index_of_column(table, "job_status");
    for (const auto& row : table.rows) {
      if (const auto job = int_at(row, id_column)) {
        jobs.push_back(*job);
        if (status_column >= 0 && row[static_cast<std::size_t>(status_column)] == std::optional<std::string>("CREATED")) {
          created.insert(*job);
        }
      }
    }
  }
  if (jobs.empty()) {
    return;
  }
  std::sort(jobs.begin(), jobs.end());
  auto pairs = backup_state_tables(tables, jobs);
  for (const auto& table : tables) {
    if (table.table != "object") {
      continue;
    }
    const int oid_column = index_of_column(table, "oid");
    const int type_column = index_of_column(table, "obj_type");
    for (const auto& row : table.rows) {
      const auto oid = int_at(row, oid_column);
      const bool is_table = type_column >= 0 && row[static_cast<std::size_t>(type_column)] == std::optional<std::string>("TABLE");
      const bool listed = std::any_of(pairs.begin(), pairs.end(), [&oid](const std::pair<int, std::uint32_t>& pair) {
        return oid && pair.second == static_cast<std::uint32_t>(*oid);
      });
      if (oid && *oid >= 0 && is_table && !listed) {
        const bool own = std::binary_search(jobs.begin(), jobs.end(), *oid);
        pairs.emplace_back(own ? *oid : jobs.front(), static_cast<std::uint32_t>(*oid));
      }
    }
  }
  grade_each_job(live, pairs, jobs, &created, states, refusals);
}

} // namespace rwdoctor::repair
