#include "repair/restore_objects.hpp"

#include "repair/plan_reads.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

namespace rwdoctor::repair {

namespace {

// The integer in `column` of `row`, 0 when absent or not an integer.
int
object_cell(const db::CapturedTable& table, const PlanRow& row, const char* column)
{
  int value = 0;
  const int index = db::column_index(table, column);
  return index >= 0 && util::parse_int32(row[static_cast<std::size_t>(index)].value_or(""), value) ? value : 0;
}

void
keep_object_rows_if(db::CapturedTable& table, const std::function<bool(const PlanRow&)>& wanted)
{
  table.rows.erase(std::remove_if(table.rows.begin(), table.rows.end(), [&](const PlanRow& row) { return !wanted(row); }),
                   table.rows.end());
}

// The object rows live lacks whose database and schema live has; returns their oids.
std::set<int>
keep_missing_objects(db::MetaStoreSession& live, const std::set<int>& objects_in_live, db::CapturedTable& table,
                     RestorePlan& plan)
{
  std::set<int> restored;
  keep_object_rows_if(table, [&](const PlanRow& row) { return objects_in_live.count(object_cell(table, row, "oid")) == 0; });
  std::vector<int> parents;
  for (const auto& row : table.rows) {
    parents.push_back(object_cell(table, row, "database_id"));
    parents.push_back(object_cell(table, row, "schema_id"));
  }
  const auto found = ids_of(live, "sql/repair/existing_objects.sql", parents);
  const std::set<int> parents_in_live(found.begin(), found.end());
  keep_object_rows_if(table, [&](const PlanRow& row) {
    const int oid = object_cell(table, row, "oid");
    for (const char* column : {"database_id", "schema_id"}) {
      const int parent = object_cell(table, row, column);
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
  return restored;
}

// The privileges on restored objects, except those granted through another privilege.
void
keep_restored_privileges(const std::set<int>& restored, db::CapturedTable& table, RestorePlan& plan)
{
  keep_object_rows_if(table, [&](const PlanRow& row) {
    if (restored.count(object_cell(table, row, "oid")) == 0) {
      return false;
    }
    if (object_cell(table, row, "dependent_id") != 0) {
      plan.left_out.push_back(fmt::format("privilege {} on object {}: it was granted through another privilege",
                                          object_cell(table, row, "id"), object_cell(table, row, "oid")));
      return false;
    }
    return true;
  });
}

// The dependencies of the jobs and of restored objects, either way (a restored job's edges to
// its downstream jobs need their dependency rows as much as its edges from upstream do:
// dependency-invalid), whose both ends will exist, unless live has the same pair.
void
keep_restored_dependencies(db::MetaStoreSession& live, const std::set<int>& restored, db::CapturedTable& table,
                           RestorePlan& plan)
{
  const std::set<int> jobs(plan.request.jobs.begin(), plan.request.jobs.end());
  keep_object_rows_if(table, [&](const PlanRow& row) {
    for (const int end : {object_cell(table, row, "used_by"), object_cell(table, row, "oid")}) {
      if (jobs.count(end) != 0 || restored.count(end) != 0) {
        return true;
      }
    }
    return false;
  });
  std::vector<int> ends;
  for (const auto& row : table.rows) {
    ends.push_back(object_cell(table, row, "oid"));
    ends.push_back(object_cell(table, row, "used_by"));
  }
  const auto found = ids_of(live, "sql/repair/existing_objects.sql", ends);
  const std::set<int> ends_in_live(found.begin(), found.end());
  std::set<std::pair<int, int>> pairs_in_live;
  const auto live_rows = db::select_rows(live, "object_dependency", "used_by", ends);
  for (const auto& row : live_rows.rows) {
    pairs_in_live.emplace(object_cell(live_rows, row, "oid"), object_cell(live_rows, row, "used_by"));
  }
  keep_object_rows_if(table, [&](const PlanRow& row) {
    const int oid = object_cell(table, row, "oid");
    const int used_by = object_cell(table, row, "used_by");
    for (const int end : {oid, used_by}) {
      if (ends_in_live.count(end) == 0 && restored.count(end) == 0) {
        plan.left_out.push_back(fmt::format("dependency of {} on {}: object {} no longer exists in live", used_by,
                                            oid, end));
        return false;
      }
    }
    // The same dependency under another id: live has it (the ids differ, the meaning not).
    return pairs_in_live.count({oid, used_by}) == 0 || live_rows.rows.end() != std::find_if(
      live_rows.rows.begin(), live_rows.rows.end(), [&](const PlanRow& live_row) { return live_row == row; });
  });
}

} // namespace

std::set<int>
keep_objects_to_restore(db::MetaStoreSession& live, const std::set<int>& objects_in_live,
                        std::vector<db::CapturedTable>& tables, RestorePlan& plan)
{
  std::set<int> restored;
  for (auto& table : tables) {
    if (table.table == "object") {
      const auto kept = keep_missing_objects(live, objects_in_live, table, plan);
      restored.insert(kept.begin(), kept.end());
    }
  }
  for (auto& table : tables) {
    if (table.table == "user_privilege") {
      keep_restored_privileges(restored, table, plan);
    } else if (table.table == "object_dependency") {
      keep_restored_dependencies(live, restored, table, plan);
    }
  }
  return restored;
}

} // namespace rwdoctor::repair
