#include "repair/restore_pointers.hpp"

#include "repair/plan_reads.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace rwdoctor::repair {

namespace {

using Row = std::vector<std::optional<std::string>>;

bool
is_planned(const std::vector<RowUpdate>& planned, const std::string& table, const Row& key, const std::string& column)
{
  return std::any_of(planned.begin(), planned.end(), [&](const RowUpdate& update) {
    return update.table == table && update.key == key && update.column == column;
  });
}

// Whether the row `value` points at through `pointer` will exist after the restore: one of the
// rows it inserts (`restored`: table -> the values of every column of its rows) or a live row.
bool
target_present(db::MetaStoreSession& live, const BackupPointers& pointer, const std::string& value,
               const std::vector<db::CapturedTable>& restored)
{
  for (const auto& table : restored) {
    if (table.table != pointer.key.parent) {
      continue;
    }
    const int column = db::column_index(table, pointer.key.parent_columns[0]);
    for (const auto& row : table.rows) {
      if (column >= 0 && row[static_cast<std::size_t>(column)] == value) {
        return true;
      }
    }
  }
  int id = 0;
  if (!util::parse_int32(value, id)) {
    return false;
  }
  return !db::select_rows(live, pointer.key.parent, pointer.key.parent_columns[0], {id}).rows.empty();
}

} // namespace

std::vector<BackupPointers>
read_backup_pointers(db::MetaStoreSession& backup, const std::vector<db::CapturedTable>& graph,
                     const std::vector<int>& jobs)
{
  std::set<std::string> graph_tables;
  for (const auto& table : graph) {
    graph_tables.insert(table.table);
  }
  const auto primary_keys = db::primary_keys(backup);
  const auto foreign_keys = db::foreign_keys(backup);
  // The tables whose rows are objects' own: their one-column primary key is a foreign key to
  // object.oid (sink.sink_id, source.source_id, ...). Only their rows are the jobs' by key.
  std::set<std::string> object_rows;
  for (const auto& key : foreign_keys) {
    const auto own_key = primary_keys.find(key.child);
    if (key.parent == "object" && key.child_columns.size() == 1 && own_key != primary_keys.end()
        && own_key->second == key.child_columns) {
      object_rows.insert(key.child);
    }
  }
  std::vector<BackupPointers> pointers;
  for (const auto& key : foreign_keys) {
    if (key.child_columns.size() != 1 || key.parent_columns.size() != 1 || graph_tables.count(key.child) != 0) {
      continue;
    }
    // The jobs' own rows of this table (a sink's row, keyed by the sink's id) and what they
    // point at, wherever that is; an object's own key column is never its pointer.
    const auto own_key = primary_keys.find(key.child);
    if (object_rows.count(key.child) != 0 && own_key->second.front() != key.child_columns[0]
        && key.parent != "object") {
      auto own = db::select_rows(backup, key.child, own_key->second.front(), jobs);
      const int column = db::column_index(own, key.child_columns[0]);
      own.rows.erase(std::remove_if(own.rows.begin(), own.rows.end(),
                                    [&](const Row& row) { return column < 0 || !row[static_cast<std::size_t>(column)]; }),
                     own.rows.end());
      if (!own.rows.empty()) {
        pointers.push_back(BackupPointers{key, std::move(own)});
      }
    }
    if (graph_tables.count(key.parent) == 0) {
      continue;
    }
    std::vector<int> parents;
    for (const auto& table : graph) {
      if (table.table == key.parent) {
        const auto values = db::int_values(table, key.parent_columns.front());
        parents.insert(parents.end(), values.begin(), values.end());
      }
    }
    if (parents.empty()) {
      continue;
    }
    auto rows = db::select_rows(backup, key.child, key.child_columns.front(), parents);
    if (!rows.rows.empty()) {
      pointers.push_back(BackupPointers{key, std::move(rows)});
    }
  }
  return pointers;
}

std::vector<RowUpdate>
restored_pointers(db::MetaStoreSession& live, const std::vector<BackupPointers>& pointers,
                  const std::vector<db::CapturedTable>& restored,
                  const std::map<std::string, std::vector<std::string>>& primary_keys,
                  const std::vector<RowUpdate>& planned, std::vector<std::string>& left_out)
{
  std::vector<RowUpdate> updates;
  for (const auto& pointer : pointers) {
    const auto& backup_rows = pointer.rows;
    const auto key_columns = primary_keys.find(backup_rows.table);
    const int column = db::column_index(backup_rows, pointer.key.child_columns.front());
    if (key_columns == primary_keys.end() || key_columns->second.empty() || column < 0) {
      continue; // a table without a primary key: its rows cannot be named, so none is changed
    }
    std::vector<int> key_indexes;
    std::vector<std::string> key_types;
    for (const auto& name : key_columns->second) {
      key_indexes.push_back(db::column_index(backup_rows, name));
      if (key_indexes.back() < 0) {
        key_indexes.clear();
        break;
      }
      key_types.push_back(backup_rows.types[static_cast<std::size_t>(key_indexes.back())]);
    }
    if (key_indexes.empty()) {
      continue;
    }
    // The live rows with the same first key column; matched on the whole key below.
    const auto live_rows = db::select_rows(live, backup_rows.table, key_columns->second.front(),
                                           db::int_values(backup_rows, key_columns->second.front()));
    std::map<Row, const Row*> live_by_key;
    for (const auto& row : live_rows.rows) {
      live_by_key.emplace(key_values(row, key_indexes), &row);
    }
    const auto at = static_cast<std::size_t>(column);
    for (const auto& row : backup_rows.rows) {
      const auto key = key_values(row, key_indexes);
      const auto in_live = live_by_key.find(key);
      if (in_live == live_by_key.end() || (*in_live->second)[at] == row[at]
          || is_planned(planned, backup_rows.table, key, backup_rows.columns[at])
          || is_planned(updates, backup_rows.table, key, backup_rows.columns[at])) {
        continue; // gone from live (not the restore's to bring back), or as the backup has it
      }
      std::string key_text;
      for (const auto& value : key) {
        key_text += fmt::format("{}{}", key_text.empty() ? "" : ",", value.value_or("NULL"));
      }
      if ((*in_live->second)[at]) {
        left_out.push_back(fmt::format("{} row {}: {} is {} in live and {} in the backup; kept as live has it",
                                       backup_rows.table, key_text, backup_rows.columns[at], *(*in_live->second)[at],
                                       row[at].value_or("NULL")));
        continue;
      }
      if (!target_present(live, pointer, *row[at], restored)) {
        left_out.push_back(fmt::format("{} row {}: {} {} as the backup has it, but {} row {} is not in live and not "
                                       "restored; left NULL",
                                       backup_rows.table, key_text, backup_rows.columns[at], *row[at],
                                       pointer.key.parent, *row[at]));
        continue;
      }
      updates.push_back(RowUpdate{backup_rows.table, key_columns->second, key_types, key, backup_rows.columns[at],
                                  backup_rows.types[at], (*in_live->second)[at], row[at]});
    }
  }
  return updates;
}

} // namespace rwdoctor::repair
