#include "repair/restore_rows.hpp"

#include "repair/restore_objects.hpp"
#include "repair/restore_pointers.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <set>

namespace rwdoctor::repair {

namespace {

// What the row comparison knows about the ends of the graph.
struct GraphEnds
{
  const std::vector<int>& fragment_ids; // the backup's fragments of the jobs, sorted
  std::set<int> live_fragment_ids;      // ends of the backup's edges that live has
  std::set<int> objects_in_live;        // objects of the backup's table rows that live has
  std::set<int> restored_objects;       // object rows the restore puts back

  bool restored_fragment(int id) const { return std::binary_search(fragment_ids.begin(), fragment_ids.end(), id); }
};

// The job changed after the backup if live has tables of it the backup does not know, or a
// table of it points at a fragment the backup's job does not have.
void
refuse_changed_job(const db::CapturedTable& live_tables, const BackupGraph& graph, RestorePlan& plan)
{
  for (const int table_id : db::int_values(live_tables, "table_id")) {
    if (!std::binary_search(graph.table_ids.begin(), graph.table_ids.end(), table_id)) {
      plan.refusals.push_back(fmt::format("live has table {} of the job that the backup does not: the job changed "
                                          "after the backup",
                                          table_id));
    }
  }
  const int fragment_column = db::column_index(live_tables, "fragment_id");
  for (const auto& row : live_tables.rows) {
    int fragment = 0;
    if (fragment_column >= 0 && row[static_cast<std::size_t>(fragment_column)]
        && util::parse_int32(*row[static_cast<std::size_t>(fragment_column)], fragment)
        && !std::binary_search(graph.fragment_ids.begin(), graph.fragment_ids.end(), fragment)) {
      plan.refusals.push_back(fmt::format("live table {} points at fragment {}, which the backup's job does not have: "
                                          "the job changed after the backup",
                                          row[0].value_or("?"), fragment));
    }
  }
}

// The fragments at the ends of the backup's edges of the jobs' fragments that live has (by id
// only, without reading the fragments' blobs).
std::set<int>
live_edge_ends(db::MetaStoreSession& live, const std::vector<db::CapturedTable>& backup_tables,
               const store::SchemaFacts& facts)
{
  std::vector<int> ends;
  const auto add = [&ends](const std::vector<int>& ids) { ends.insert(ends.end(), ids.begin(), ids.end()); };
  for (const auto& table : backup_tables) {
    if (table.table == "fragment_relation") {
      add(db::int_values(table, "source_fragment_id"));
      add(db::int_values(table, "target_fragment_id"));
    } else if (table.table == "actor_dispatcher") {
      // Before v2.3 the edges are the actors' dispatchers (downstream) and the fragments'
      // upstream_fragment_id lists (upstream).
      add(db::int_values(table, "dispatcher_id"));
    } else if (table.table == "fragment" && !facts.has("fragment_relation")) {
      add(int_list_values(table, "upstream_fragment_id"));
    }
  }
  const auto found = ids_of(live, "sql/repair/existing_fragments.sql", ends);
  return std::set<int>(found.begin(), found.end());
}

// The live jobs at the far ends of the backup's edges join the jobs in the repair's check runs.
void
set_check_scope(db::MetaStoreSession& live, const GraphEnds& ends, RestorePlan& plan)
{
  std::vector<int> far_ends;
  for (const int id : ends.live_fragment_ids) {
    if (!ends.restored_fragment(id)) {
      far_ends.push_back(id);
    }
  }
  plan.check_scope = std::set<int>(plan.request.jobs.begin(), plan.request.jobs.end());
  for (const int job : ids_of(live, "sql/repair/jobs_of_fragments.sql", far_ends)) {
    plan.check_scope.insert(job);
  }
}

// Whether a backup row live lacks can go back: an edge needs both ends, a table row its object.
bool
missing_row_insertable(const db::CapturedTable& table, const PlanRow& row, const GraphEnds& ends, RestorePlan& plan)
{
  if (table.table == "fragment_relation") {
    const auto end = [&](const char* column) {
      return std::stoi(row[static_cast<std::size_t>(db::column_index(table, column))].value_or("0"));
    };
    const int source = end("source_fragment_id");
    const int target = end("target_fragment_id");
    const bool source_ok = ends.restored_fragment(source) || ends.live_fragment_ids.count(source) != 0;
    const bool target_ok = ends.restored_fragment(target) || ends.live_fragment_ids.count(target) != 0;
    if (!source_ok || !target_ok) {
      plan.missing_fragments.push_back(source_ok ? target : source);
      plan.left_out.push_back(fmt::format("edge {} -> {}: fragment {} no longer exists in live", source, target,
                                          source_ok ? target : source));
      return false;
    }
  }
  if (table.table == "table") {
    const int table_id = std::stoi(row[0].value_or("0"));
    if (ends.objects_in_live.count(table_id) == 0 && ends.restored_objects.count(table_id) == 0) {
      plan.refusals.push_back(fmt::format("object {} of table row {} is missing in live; restore does not "
                                          "create objects",
                                          table_id, table_id));
      return false;
    }
  }
  return true;
}

// A backup row that live has with other content: left as it is when the user chose to keep
// live's, a table's fragment columns set to the backup's, anything else refused.
void
plan_differing_row(const db::CapturedTable& table, const PlanRow& row, const PlanRow& live_row,
                   const std::vector<std::string>& key_columns, const PlanRow& key, RestorePlan& plan)
{
  static const std::set<std::string> updatable = {"fragment_id", "dml_fragment_id", "vnode_count"};
  std::string key_text;
  for (const auto& value : key) {
    key_text += fmt::format("{}{}", key_text.empty() ? "" : ",", value.value_or("NULL"));
  }
  const auto choice = fmt::format("{}:{}", table.table, key_text);
  const auto& keep_live = plan.request.keep_live;
  if (std::find(keep_live.begin(), keep_live.end(), choice) != keep_live.end()) {
    plan.left_out.push_back(fmt::format("{} row {}: kept as it is in live (--keep-live {})", table.table,
                                        describe_key(key), choice));
    return;
  }
  if (table.table == "fragment") {
    const auto job_column = static_cast<std::size_t>(db::column_index(table, "job_id"));
    if (live_row[job_column] != row[job_column]) {
      plan.refusals.push_back(fmt::format("fragment id {} is used in live by job {}", row[0].value_or("?"),
                                          live_row[job_column].value_or("?")));
      return;
    }
  }
  std::vector<std::string> key_types;
  for (const auto& column : key_columns) {
    key_types.push_back(table.types[static_cast<std::size_t>(db::column_index(table, column))]);
  }
  bool only_updatable = table.table == "table";
  std::vector<RowUpdate> changes;
  for (std::size_t column = 0; column < table.columns.size() && only_updatable; ++column) {
    if (live_row[column] == row[column]) {
      continue;
    }
    only_updatable = updatable.count(table.columns[column]) != 0;
    changes.push_back(RowUpdate{table.table, key_columns, key_types, key, table.columns[column], table.types[column],
                                live_row[column], row[column]});
  }
  if (!only_updatable) {
    plan.refusals.push_back(fmt::format("{} row {} exists in live with other content; rwdoctor never overwrites "
                                        "it (keep live's with --keep-live {})",
                                        table.table, describe_key(key), choice));
    return;
  }
  plan.changes.updates.insert(plan.changes.updates.end(), changes.begin(), changes.end());
}

// The rows of one backup table that live lacks, moved out of `table`; those live has are
// compared (plan_differing_row). Live's rows with the same keys are read through the first
// key column.
db::CapturedTable
compare_table_rows(db::MetaStoreSession& live, db::CapturedTable& table, const std::vector<std::string>& key_columns,
                   const GraphEnds& ends, RestorePlan& plan)
{
  std::vector<int> key_indexes;
  for (const auto& column : key_columns) {
    key_indexes.push_back(db::column_index(table, column));
  }
  auto live_rows = db::select_rows(live, table.table, key_columns.front(), db::int_values(table, key_columns.front()));
  std::map<PlanRow, PlanRow> live_by_key;
  for (auto& row : live_rows.rows) {
    live_by_key.emplace(key_values(row, key_indexes), std::move(row));
  }
  db::CapturedTable to_insert;
  to_insert.table = table.table;
  to_insert.columns = table.columns;
  to_insert.types = table.types;
  for (auto& row : table.rows) {
    const auto key = key_values(row, key_indexes);
    if (plan.request.inserted_first.count({table.table, key}) != 0) {
      continue; // an earlier step of repair all puts it back
    }
    const auto in_live = live_by_key.find(key);
    if (in_live == live_by_key.end()) {
      if (missing_row_insertable(table, row, ends, plan)) {
        to_insert.rows.push_back(std::move(row));
      }
    } else if (in_live->second != row) {
      plan_differing_row(table, row, in_live->second, key_columns, key, plan);
    }
  }
  return to_insert;
}

// A job that lost only its streaming_job row gets the backup's back (restore-rows). A live
// job's own row is never overwritten: its parallelism or status may have changed since the
// backup for good reasons; only streaming_job.backfill_orders, which refers to fragment ids,
// follows the restored fragments and is set to the backup's value.
void
plan_streaming_job_rows(db::MetaStoreSession& live, const db::CapturedTable& backup_jobs, const store::SchemaFacts& facts,
                        std::vector<db::CapturedTable>& inserts, RestorePlan& plan)
{
  const auto live_jobs = db::select_rows(live, "streaming_job", "job_id", plan.request.jobs);
  db::CapturedTable missing;
  missing.table = backup_jobs.table;
  missing.columns = backup_jobs.columns;
  missing.types = backup_jobs.types;
  for (const auto& backup_row : backup_jobs.rows) {
    if (std::none_of(live_jobs.rows.begin(), live_jobs.rows.end(),
                     [&](const PlanRow& live_row) { return live_row[0] == backup_row[0]; })) {
      missing.rows.push_back(backup_row);
    }
  }
  if (!missing.rows.empty()) {
    plan.changes.key_columns["streaming_job"] = {"job_id"};
    inserts.push_back(std::move(missing));
  }
  if (!facts.has("streaming_job.backfill_orders")) {
    return;
  }
  const auto column = static_cast<std::size_t>(db::column_index(backup_jobs, "backfill_orders"));
  for (const auto& backup_row : backup_jobs.rows) {
    for (const auto& live_row : live_jobs.rows) {
      if (live_row[0] == backup_row[0] && live_row[column] != backup_row[column]) {
        plan.changes.updates.push_back(RowUpdate{"streaming_job", {"job_id"}, {backup_jobs.types[0]}, {live_row[0]},
                                                 "backfill_orders", backup_jobs.types[column], live_row[column],
                                                 backup_row[column]});
      }
    }
  }
}

// A restored sink into a table goes back into the table's incoming_sinks (up to v2.6), where
// a drop took it out; the other elements stay as live has them.
void
plan_incoming_sinks(db::MetaStoreSession& live, const store::SchemaFacts& facts, RestorePlan& plan)
{
  if (!facts.has("table.incoming_sinks") || !facts.has("sink.target_table")) {
    return;
  }
  const std::set<int> requested(plan.request.jobs.begin(), plan.request.jobs.end());
  const auto jobs = util::pg_int_array(std::vector<int>(requested.begin(), requested.end()));
  for (const auto& row : live.run_file("sql/repair/restore_incoming_sinks.sql", {jobs}).values) {
    plan.changes.updates.push_back(RowUpdate{"table", {"table_id"}, {row[3].value_or("integer")}, {row[0]},
                                             "incoming_sinks", row[4].value_or("jsonb"), row[1], row[2]});
  }
}

// `inserts` into plan.changes.inserted, parents first, as the foreign keys need them.
void
insert_parents_first(db::MetaStoreSession& live, std::vector<db::CapturedTable>& inserts, RestorePlan& plan)
{
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
}

// The live jobs the inserted edges connect the restored fragments to (plan.neighbour_jobs).
void
set_neighbour_jobs(db::MetaStoreSession& live, const GraphEnds& ends, RestorePlan& plan)
{
  std::set<int> neighbours;
  for (const auto& table : plan.changes.inserted) {
    if (table.table != "fragment_relation") {
      continue;
    }
    const int source = db::column_index(table, "source_fragment_id");
    const int target = db::column_index(table, "target_fragment_id");
    std::vector<int> far_ends;
    for (const auto& row : table.rows) {
      for (const int index : {source, target}) {
        int id = 0;
        if (util::parse_int32(row[static_cast<std::size_t>(index)].value_or(""), id) && !ends.restored_fragment(id)) {
          far_ends.push_back(id);
        }
      }
    }
    for (const int job : ids_of(live, "sql/repair/jobs_of_fragments.sql", far_ends)) {
      neighbours.insert(job);
    }
  }
  plan.neighbour_jobs.assign(neighbours.begin(), neighbours.end());
}

} // namespace

LiveRows
read_live_rows(db::MetaStoreSession& live, const std::vector<int>& jobs)
{
  LiveRows rows;
  rows.migrations = live.applied_migrations();
  rows.objects = live.run_file("sql/repair/describe_plan_objects.sql", {util::pg_int_array(jobs)}).values;
  rows.names = live.describe_objects(jobs);
  rows.tables = select_union(live, "table", {{"table_id", jobs}, {"belongs_to_job_id", jobs}});
  rows.keys = db::primary_keys(live);
  return rows;
}

void
plan_graph_changes(db::MetaStoreSession& live, const LiveRows& live_rows, BackupRows& backup_rows, RestorePlan& plan)
{
  auto& backup_tables = backup_rows.graph.tables;
  const auto facts = live.schema_facts();
  refuse_changed_job(live_rows.tables, backup_rows.graph, plan);
  GraphEnds ends{backup_rows.graph.fragment_ids, live_edge_ends(live, backup_tables, facts), {}, {}};
  set_check_scope(live, ends, plan);
  const auto existing_objects = ids_of(live, "sql/repair/existing_objects.sql", backup_rows.graph.table_ids);
  ends.objects_in_live = std::set<int>(existing_objects.begin(), existing_objects.end());
  ends.restored_objects = keep_objects_to_restore(live, ends.objects_in_live, backup_tables, plan);

  // Rows to insert are moved out of backup_tables, so the plan holds each backup row once.
  std::vector<db::CapturedTable> inserts;
  for (auto& table : backup_tables) {
    const auto key = live_rows.keys.find(table.table);
    if (key == live_rows.keys.end() || table.rows.empty()) {
      continue;
    }
    auto to_insert = compare_table_rows(live, table, key->second, ends, plan);
    if (!to_insert.rows.empty()) {
      plan.changes.key_columns[table.table] = key->second;
      inserts.push_back(std::move(to_insert));
    }
  }
  plan_streaming_job_rows(live, backup_rows.jobs, facts, inserts, plan);
  plan_incoming_sinks(live, facts, plan);
  // Rows of other objects that live keeps and that pointed at the restored rows in the backup
  // (a sink into the restored table) get the pointer back where a cleanup set it to NULL.
  const auto pointer_updates =
    restored_pointers(live, backup_rows.pointers, inserts, live_rows.keys, plan.changes.updates, plan.left_out);
  plan.changes.updates.insert(plan.changes.updates.end(), pointer_updates.begin(), pointer_updates.end());
  insert_parents_first(live, inserts, plan);
  set_neighbour_jobs(live, ends, plan);
}

} // namespace rwdoctor::repair
