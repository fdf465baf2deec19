#include "repair/fix_plan.hpp"

#include "repair/drop_plan.hpp"

#include "checks/analyzers.hpp"
#include "core/error.hpp"
#include "db/row_store.hpp"
#include "db/store_keys.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>

namespace rwdoctor::repair {

namespace {

std::vector<int>
ids_in(const db::Rows& rows)
{
  std::vector<int> ids;
  for (const auto& row : rows.values) {
    int id = 0;
    if (util::parse_int32(row[0].value_or(""), id)) {
      ids.push_back(id);
    }
  }
  return ids;
}

// The SQL type of `table`.`column` in the store (db::table_columns, read once per transaction).
std::string
column_type(const db::TableColumns& columns, const std::string& table, const std::string& column)
{
  const auto found = columns.find(table);
  if (found != columns.end()) {
    const auto& [names, types] = found->second;
    const auto at = std::find(names.begin(), names.end(), column);
    if (at != names.end()) {
      return types[static_cast<std::size_t>(at - names.begin())];
    }
  }
  throw OperationalError(fmt::format("table {} has no column {}", table, column),
                         "The meta store's schema is not one RisingWave writes: run rwdoctor check (schema-drift).");
}

// A fix's one column of one row (keyed by one column): the value now and the value it gets,
// with the key's and the column's types in the store, for the casts and the undo file.
RowUpdate
column_update(db::MetaStoreSession& session, std::string table, std::string key_column, std::string key,
              std::string column, std::optional<std::string> old_value, std::optional<std::string> new_value)
{
  const auto columns = db::table_columns(session);
  RowUpdate update;
  update.key_types = {column_type(columns, table, key_column)};
  update.type = column_type(columns, table, column);
  update.table = std::move(table);
  update.key_columns = {std::move(key_column)};
  update.key = {std::move(key)};
  update.column = std::move(column);
  update.old_value = std::move(old_value);
  update.new_value = std::move(new_value);
  return update;
}

void
plan_database_fixes(db::MetaStoreSession& session, const std::vector<int>& oids, FixPlan& plan)
{
  if (oids.empty()) {
    return;
  }
  std::set<int> fixable;
  for (const auto& row : session.run_file("sql/repair/fix_object_database.sql", {util::pg_int_array(oids)}).values) {
    int oid = 0;
    if (!util::parse_int32(row[0].value_or(""), oid) || !row[2]) {
      continue;
    }
    fixable.insert(oid);
    plan.changes.updates.push_back(column_update(session, "object", "oid", std::to_string(oid), "database_id", row[1],
                                                 row[2]));
    plan.fixes.push_back(FixChange{
      "object-database-invalid", oid,
      fmt::format("object {}'s database_id {} -> {} (its schema's database)", oid, row[1].value_or("NULL"), *row[2]),
      fmt::format("UPDATE object SET database_id = {} WHERE oid = {};", *row[2], oid)});
  }
  for (const int oid : oids) {
    if (fixable.count(oid) == 0) {
      plan.refusals.push_back(fmt::format("object {} has no fix now: its database row exists, or its schema is not in "
                                          "a database that has one",
                                          oid));
    }
  }
}

// "1 entry", "3 entries".
std::string
entries(std::size_t count)
{
  return fmt::format("{} {}", count, count == 1 ? "entry" : "entries");
}

// split-duplicated up to v2.6 (actor.splits): each split left to the first actor of its
// fragment that holds it (checks::actor_splits_without_repeats, which cites why that is safe),
// from the rows as they are now. Returns the fragments it has a fix for.
std::set<int>
plan_actor_split_fixes(db::MetaStoreSession& session, const std::map<int, int>& job_of_fragment,
                       const std::vector<int>& fragments, FixPlan& plan)
{
  std::map<int, std::vector<std::pair<int, std::string>>> lists; // fragment -> (actor, bytes), actor order
  std::map<int, std::string> now;                                // actor -> its list as read (hex)
  for (const auto& row : session.run_file("sql/repair/fix_actor_splits.sql", {util::pg_int_array(fragments)}).values) {
    int fragment = 0;
    int actor = 0;
    std::string bytes;
    if (util::parse_int32(row[0].value_or(""), fragment) && util::parse_int32(row[1].value_or(""), actor) && row[2]
        && util::decode_bytea_hex(*row[2], bytes)) {
      lists[fragment].emplace_back(actor, std::move(bytes));
      now.emplace(actor, *row[2]);
    }
  }
  std::set<int> fixable;
  for (const auto& [fragment, actors] : lists) {
    for (const auto& [actor, repaired] : checks::actor_splits_without_repeats(actors)) {
      fixable.insert(fragment);
      std::string before;
      util::decode_bytea_hex(now.at(actor), before);
      const auto update = column_update(session, "actor", "actor_id", std::to_string(actor), "splits",
                                        now.at(actor), util::encode_bytea_hex(repaired));
      plan.changes.updates.push_back(update);
      plan.fixes.push_back(FixChange{
        "split-duplicated", job_of_fragment.at(fragment),
        fmt::format("splits of actor {} (fragment {}): {} -> {}, each split id left to the first actor that "
                    "holds it (its offset is in the source's state table; a split no actor holds is assigned "
                    "by the source manager after the start)",
                    actor, fragment, entries(checks::decode_connector_splits(before).size()),
                    entries(checks::decode_connector_splits(repaired).size())),
        fmt::format("UPDATE actor SET splits = '{}' WHERE actor_id = {};", *update.new_value, actor)});
    }
  }
  return fixable;
}

// split-duplicated from v2.7 (fragment_splits): each fragment's list rewritten with one entry
// per split id, as RisingWave's render reads it (checks::deduplicated_connector_splits), from
// the row as it is now. Returns the fragments it has a fix for.
std::set<int>
plan_fragment_split_fixes(db::MetaStoreSession& session, const std::map<int, int>& job_of_fragment,
                          const std::vector<int>& fragments, FixPlan& plan)
{
  std::set<int> fixable;
  for (const auto& row : session.run_file("sql/repair/fix_fragment_splits.sql", {util::pg_int_array(fragments)}).values) {
    int fragment = 0;
    std::string bytes;
    if (!util::parse_int32(row[0].value_or(""), fragment) || !row[1] || !util::decode_bytea_hex(*row[1], bytes)) {
      continue;
    }
    const auto repaired = checks::deduplicated_connector_splits(bytes);
    if (!repaired) {
      continue;
    }
    fixable.insert(fragment);
    const auto update = column_update(session, "fragment_splits", "fragment_id", std::to_string(fragment), "splits",
                                      row[1], util::encode_bytea_hex(*repaired));
    plan.changes.updates.push_back(update);
    plan.fixes.push_back(FixChange{
      "split-duplicated", job_of_fragment.at(fragment),
      fmt::format("fragment_splits of fragment {}: {} -> {}, one per split id (the last of each, as "
                  "RisingWave's render keeps)",
                  fragment, entries(checks::decode_connector_splits(bytes).size()),
                  entries(checks::decode_connector_splits(*repaired).size())),
      fmt::format("UPDATE fragment_splits SET splits = '{}' WHERE fragment_id = {};", *update.new_value, fragment)});
  }
  return fixable;
}

// split-duplicated: the split lists of the fragments `job_of_fragment` names (with their jobs,
// the objects the fixes are about), where the store keeps them: per fragment from the
// migration that made fragment_splits (v2.7), per actor before.
void
plan_split_fixes(db::MetaStoreSession& session, const std::map<int, int>& job_of_fragment, FixPlan& plan)
{
  if (job_of_fragment.empty()) {
    return;
  }
  std::vector<int> fragments;
  for (const auto& [fragment, job] : job_of_fragment) {
    fragments.push_back(fragment);
  }
  const bool per_actor = !session.schema_facts().has("fragment_splits");
  const auto fixable = per_actor ? plan_actor_split_fixes(session, job_of_fragment, fragments, plan)
                                 : plan_fragment_split_fixes(session, job_of_fragment, fragments, plan);
  for (const auto& [fragment, job] : job_of_fragment) {
    if (fixable.count(fragment) == 0) {
      plan.refusals.push_back(fmt::format("fragment {} of job {} has no split list to fix now: no {}, or no split "
                                          "id in it repeats",
                                          fragment, job, per_actor ? "actor with splits" : "fragment_splits row"));
    }
  }
}

void
plan_leftover_deletes(db::MetaStoreSession& session, const std::vector<int>& oids, FixPlan& plan)
{
  if (oids.empty()) {
    return;
  }
  const auto leftovers = ids_in(session.run_file("sql/repair/fix_leftover_objects.sql", {util::pg_int_array(oids)}));
  for (const int oid : oids) {
    if (std::find(leftovers.begin(), leftovers.end(), oid) == leftovers.end()) {
      plan.refusals.push_back(fmt::format("object {} is not a leftover now: it has a type row, a streaming job, a "
                                          "dependency, an internal table or a child object",
                                          oid));
    }
  }
  if (leftovers.empty()) {
    return;
  }
  // Deleting a leftover must remove its object row and nothing else: any row that would go
  // with it through a cascade is something RisingWave still knows about it.
  auto removed = db::capture_removal(session, leftovers, {});
  for (const auto& table : removed) {
    if (table.table != "object") {
      plan.refusals.push_back(fmt::format("deleting object(s) {} would also remove {} row(s) of {}; not a leftover",
                                          fmt::join(leftovers, ", "), table.rows.size(), table.table));
    } else if (table.rows.size() != leftovers.size()) {
      plan.refusals.push_back(fmt::format("deleting object(s) {} would remove {} object rows",
                                          fmt::join(leftovers, ", "), table.rows.size()));
    }
  }
  for (const int oid : leftovers) {
    plan.fixes.push_back(FixChange{"object-orphaned", oid,
                                     fmt::format("delete leftover object {} (no type row, job or dependents)", oid),
                                     fmt::format("DELETE FROM object WHERE oid = {};", oid)});
  }
  plan.changes.object_groups.push_back(leftovers);
  plan.changes.removed.insert(plan.changes.removed.end(), std::make_move_iterator(removed.begin()),
                              std::make_move_iterator(removed.end()));
}

// The leaked pending_sink_state rows of `sinks`, whose objects are gone (a DROP SINK before
// m20260624 added the cascade): deleted as the migration deletes them. The ids go into the
// plan's object groups (they delete no object row: there is none) and pending_sink_state into
// its explicit deletes, so the rows are captured for undo with the other deletes' (plan_fix).
void
plan_pending_state_deletes(db::MetaStoreSession& session, const std::vector<int>& sinks, FixPlan& plan)
{
  if (sinks.empty()) {
    return;
  }
  const auto existing = ids_in(session.run_file("sql/repair/existing_objects.sql", {util::pg_int_array(sinks)}));
  std::vector<int> gone;
  for (const int sink : sinks) {
    if (std::find(existing.begin(), existing.end(), sink) != existing.end()) {
      plan.refusals.push_back(fmt::format("object {} exists: its pending_sink_state rows are not a dropped sink's "
                                          "leak (rwdoctor explain pending-sink-state-orphaned)",
                                          sink));
    } else {
      gone.push_back(sink);
    }
  }
  if (gone.empty()) {
    return;
  }
  const auto rows = db::select_rows(session, "pending_sink_state", "sink_id", gone);
  const int sink_column = db::column_index(rows, "sink_id");
  for (const int sink : gone) {
    const auto count = std::count_if(rows.rows.begin(), rows.rows.end(), [&](const auto& row) {
      return row[static_cast<std::size_t>(sink_column)] == std::to_string(sink);
    });
    if (count == 0) {
      plan.refusals.push_back(fmt::format("pending_sink_state has no rows of sink {} now", sink));
      continue;
    }
    plan.fixes.push_back(FixChange{"pending-sink-state-orphaned", sink,
                                     fmt::format("delete the {} leaked pending_sink_state row(s) of sink {}, which "
                                                 "does not exist",
                                                 count, sink),
                                     fmt::format("DELETE FROM pending_sink_state WHERE sink_id = {};", sink)});
  }
  plan.changes.object_groups.push_back(gone);
  plan.changes.explicit_deletes.emplace_back("pending_sink_state", "sink_id");
}

// `sequences`: the sequences whose findings are asked for, by name (each behind sequence is
// its own finding, with its own move).
void
plan_sequence_moves(db::MetaStoreSession& session, const std::vector<std::string>& sequences, FixPlan& plan)
{
  if (sequences.empty()) {
    return;
  }
  // The check's own query, read again in this transaction: what it reports is what moves.
  const auto rows = session.run_file("sql/checks/sequence-behind.sql", {});
  const int relation = rows.column("relation");
  const int sequence = rows.column("sequence_name");
  const int taken = rows.column("taken");
  const int max_id = rows.column("max_id");
  for (const auto& name : sequences) {
    const auto row = std::find_if(rows.values.begin(), rows.values.end(),
                                  [&](const auto& candidate) { return candidate[sequence] == name; });
    if (row == rows.values.end()) {
      plan.refusals.push_back(fmt::format("sequence {} is not behind its table's largest id now", name));
      continue;
    }
    const auto table = (*row)[relation].value_or("?");
    SequenceMove move{name, table, (*row)[taken].value_or("?"), (*row)[max_id].value_or("?")};
    plan.fixes.push_back(FixChange{"sequence-behind", 0,
                                     fmt::format("move sequence {} from {} to {}, the largest id of {}", move.sequence,
                                                 move.from, move.to, table),
                                     fmt::format("SELECT pg_catalog.setval('{}', {});", move.sequence, move.to)});
    plan.changes.sequences.push_back(std::move(move));
  }
}

// The system parameters `names` set to the backup's values: only a row live has, to a value
// that passes system-parameter-invalid on the backup (the check's own query, run there).
void
plan_parameter_restores(db::MetaStoreSession& live, db::MetaStoreSession* backup,
                        const std::vector<std::string>& names, FixPlan& plan)
{
  if (names.empty()) {
    return;
  }
  if (backup == nullptr) {
    for (const auto& name : names) {
      plan.refusals.push_back(fmt::format("system parameter {} is put back from a backup: give one with --from", name));
    }
    return;
  }
  const auto backup_findings = backup->run_file("sql/checks/system-parameter-invalid.sql", {});
  const int subject = backup_findings.column("subject_name");
  for (const auto& name : names) {
    const auto in_live = live.run_file("sql/repair/system_parameter_value.sql", {name});
    const auto in_backup = backup->run_file("sql/repair/system_parameter_value.sql", {name});
    const bool backup_bad = std::any_of(backup_findings.values.begin(), backup_findings.values.end(),
                                        [&](const auto& row) { return subject >= 0 && row[subject] == name; });
    if (in_live.values.empty()) {
      plan.refusals.push_back(fmt::format("live has no row of system parameter {}: insert the backup's row by hand "
                                          "(rwdoctor explain system-parameter-invalid)",
                                          name));
      continue;
    }
    if (in_backup.values.empty() || !in_backup.values[0][0]) {
      plan.refusals.push_back(fmt::format("the backup has no value of system parameter {}", name));
      continue;
    }
    if (backup_bad) {
      plan.refusals.push_back(fmt::format("the backup's value of system parameter {} ({}) fails the check too", name,
                                          util::sql_literal(*in_backup.values[0][0])));
      continue;
    }
    const auto& live_row = in_live.values[0];
    const auto& value = *in_backup.values[0][0];
    plan.changes.updates.push_back(column_update(live, "system_parameter", "name", name, "value", live_row[0], value));
    plan.fixes.push_back(FixChange{
      "system-parameter-invalid", 0,
      fmt::format("set system parameter {} to the backup's value {} (live's {} does not pass)", name,
                  util::sql_literal(value), util::sql_literal(live_row[0].value_or("NULL"))),
      fmt::format("UPDATE system_parameter SET value = {} WHERE name = {};", util::sql_literal(value),
                  util::sql_literal(name))});
  }
}

} // namespace

std::map<std::string, std::size_t>
FixPlan::row_counts() const
{
  return changes.row_counts();
}

FixPlan
plan_fix(db::MetaStoreSession& session, const std::vector<checks::Finding>& roots, db::MetaStoreSession* backup)
{
  FixPlan plan;
  std::vector<int> database_fixes;
  std::vector<int> leftovers;
  std::vector<int> leaked_sink_states;
  std::map<int, int> split_lists; // fragment -> its job
  std::vector<std::string> sequences;
  std::vector<std::string> parameters;
  for (const auto& finding : roots) {
    if (finding.check == "system-parameter-invalid" && finding.name) {
      parameters.push_back(*finding.name);
      continue;
    }
    const bool offers = std::find(finding.repairs.begin(), finding.repairs.end(), checks::Repair::fix)
                        != finding.repairs.end();
    if (offers && finding.check == "sequence-behind" && finding.name) {
      if (std::find(sequences.begin(), sequences.end(), *finding.name) == sequences.end()) {
        sequences.push_back(*finding.name);
      }
      continue;
    }
    if (!offers || !finding.object_id) {
      plan.refusals.push_back(fmt::format("[{}] {}: no fix applies", finding.check, finding.message));
      continue;
    }
    if (finding.check == "object-database-invalid") {
      database_fixes.push_back(*finding.object_id);
    } else if (finding.check == "object-orphaned") {
      leftovers.push_back(*finding.object_id);
    } else if (finding.check == "pending-sink-state-orphaned") {
      leaked_sink_states.push_back(*finding.object_id);
    } else if (finding.check == "split-duplicated" && finding.fragment_id) {
      split_lists.emplace(*finding.fragment_id, *finding.object_id);
    } else {
      plan.refusals.push_back(fmt::format("[{}] object {}: rwdoctor has no fix for this check", finding.check,
                                          *finding.object_id));
      continue;
    }
    plan.objects.push_back(*finding.object_id);
  }
  std::sort(plan.objects.begin(), plan.objects.end());
  plan.objects.erase(std::unique(plan.objects.begin(), plan.objects.end()), plan.objects.end());
  plan_database_fixes(session, database_fixes, plan);
  plan_leftover_deletes(session, leftovers, plan);
  plan_pending_state_deletes(session, leaked_sink_states, plan);
  plan_split_fixes(session, split_lists, plan);
  if (!plan.changes.explicit_deletes.empty()) {
    // The explicit deletes remove rows of every deleted id (a leftover sink's leaked rows
    // too): captured for all of them, so undo puts back whatever they remove.
    auto leaked = db::select_rows(session, "pending_sink_state", "sink_id", plan.changes.deleted_objects());
    if (!leaked.rows.empty()) {
      plan.changes.removed.push_back(std::move(leaked));
    }
  }
  plan_sequence_moves(session, sequences, plan);
  plan_parameter_restores(session, backup, parameters, plan);

  plan.rows_hash = hash_changes(plan.changes);
  return plan;
}

} // namespace rwdoctor::repair
