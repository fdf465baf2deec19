#include "repair/undo_references.hpp"

#include "db/row_store.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace rwdoctor::repair {

namespace {

using Row = std::vector<std::optional<std::string>>;

std::string
key_text(const Row& key)
{
  std::string text;
  for (const auto& value : key) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", value.value_or("NULL"));
  }
  return text;
}

} // namespace

std::vector<std::string>
rows_referencing(db::MetaStoreSession& session, const std::vector<KeyedRows>& deleted)
{
  // The deleted keys of each table, and the integer values of each key column.
  std::map<std::string, std::set<Row>> deleted_keys;
  std::map<std::string, const KeyedRows*> deleted_rows;
  for (const auto& rows : deleted) {
    deleted_keys[rows.table].insert(rows.keys.begin(), rows.keys.end());
    deleted_rows[rows.table] = &rows;
  }
  const auto primary_keys = db::primary_keys(session);
  std::vector<std::string> references;
  for (const auto& key : db::foreign_keys(session)) {
    const auto parent = deleted_rows.find(key.parent);
    if (parent == deleted_rows.end() || key.child_columns.size() != 1 || key.parent_columns.size() != 1) {
      continue;
    }
    const auto& parent_rows = *parent->second;
    const auto at = std::find(parent_rows.key_columns.begin(), parent_rows.key_columns.end(), key.parent_columns[0]);
    if (at == parent_rows.key_columns.end()) {
      continue; // a key on another column than the deleted rows' key: their values are not known
    }
    const auto column = static_cast<std::size_t>(at - parent_rows.key_columns.begin());
    std::vector<int> values;
    for (const auto& row_key : parent_rows.keys) {
      int value = 0;
      if (row_key[column] && util::parse_int32(*row_key[column], value)) {
        values.push_back(value);
      }
    }
    const auto child_key = primary_keys.find(key.child);
    if (values.empty() || child_key == primary_keys.end()) {
      continue;
    }
    const auto children = db::select_rows(session, key.child, key.child_columns[0], values);
    std::vector<int> key_indexes;
    for (const auto& name : child_key->second) {
      key_indexes.push_back(db::column_index(children, name));
    }
    const int pointer = db::column_index(children, key.child_columns[0]);
    const auto& gone = deleted_keys[key.child];
    for (const auto& row : children.rows) {
      Row row_key;
      for (const int index : key_indexes) {
        row_key.push_back(index >= 0 ? row[static_cast<std::size_t>(index)] : std::nullopt);
      }
      if (gone.count(row_key) != 0) {
        continue; // deleted by the undo too
      }
      references.push_back(fmt::format("{} row ({}) references {} row {} through {}{}", key.child, key_text(row_key),
                                       key.parent, row[static_cast<std::size_t>(pointer)].value_or("NULL"),
                                       key.child_columns[0],
                                       key.cascade ? " (the delete would take it along)" : ""));
    }
  }
  std::sort(references.begin(), references.end());
  return references;
}

} // namespace rwdoctor::repair
