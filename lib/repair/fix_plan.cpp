#include "repair/fix_plan.hpp"

#include "repair/drop_plan.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
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
    RowUpdate update;
    update.table = "object";
    update.key_columns = {"oid"};
    update.key_types = {row[3].value_or("integer")};
    update.key = {std::to_string(oid)};
    update.column = "database_id";
    update.type = row[4].value_or("integer");
    update.old_value = row[1];
    update.new_value = row[2];
    plan.changes.updates.push_back(update);
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
  plan.changes.removed = std::move(removed);
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

} // namespace

std::map<std::string, std::size_t>
FixPlan::row_counts() const
{
  return changes.row_counts();
}

FixPlan
plan_fix(db::MetaStoreSession& session, const std::vector<checks::Finding>& roots)
{
  FixPlan plan;
  std::vector<int> database_fixes;
  std::vector<int> leftovers;
  std::vector<std::string> sequences;
  for (const auto& finding : roots) {
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
  plan_sequence_moves(session, sequences, plan);

  plan.rows_hash = hash_changes(plan.changes);
  return plan;
}

} // namespace rwdoctor::repair
