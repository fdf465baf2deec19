// The store's tables as repairs see them: foreign keys, primary keys, columns, the order to
// insert rows back in, and the tables linked to object.
#include "db/store_keys.hpp"

#include "util/text.hpp"

#include <algorithm>

namespace rwdoctor::db {

std::vector<ForeignKey>
foreign_keys(MetaStoreSession& session)
{
  std::vector<ForeignKey> keys;
  const auto& rows = session.read_schema_file("sql/repair/foreign_keys.sql", {session.schema()});
  for (const auto& row : rows.values) {
    ForeignKey key;
    key.child = row[0].value_or("");
    key.parent = row[1].value_or("");
    key.child_columns = util::parse_pg_name_array(row[2].value_or("{}"));
    key.parent_columns = util::parse_pg_name_array(row[3].value_or("{}"));
    key.cascade = row[4].value_or("") == "c";
    keys.push_back(std::move(key));
  }
  return keys;
}

TableColumns
table_columns(MetaStoreSession& session)
{
  TableColumns columns;
  for (const auto& row : session.read_schema_file("sql/repair/table_columns.sql", {session.schema()}).values) {
    auto& entry = columns[row[0].value_or("")];
    entry.first.push_back(row[1].value_or(""));
    entry.second.push_back(row[2].value_or(""));
  }
  return columns;
}

std::vector<std::string>
insert_order(const std::set<std::string>& tables, const std::vector<ForeignKey>& keys)
{
  std::map<std::string, std::set<std::string>> parents;
  for (const auto& table : tables) {
    parents[table];
  }
  for (const auto& key : keys) {
    if (key.child != key.parent && tables.count(key.child) != 0 && tables.count(key.parent) != 0) {
      parents[key.child].insert(key.parent);
    }
  }
  std::vector<std::string> order;
  std::set<std::string> placed;
  while (order.size() < tables.size()) {
    bool progressed = false;
    for (const auto& [table, needs] : parents) {
      if (placed.count(table) != 0) {
        continue;
      }
      if (std::all_of(needs.begin(), needs.end(), [&](const std::string& p) { return placed.count(p) != 0; })) {
        order.push_back(table);
        placed.insert(table);
        progressed = true;
      }
    }
    if (!progressed) { // a cycle of foreign keys between tables: keep the rest in name order
      for (const auto& [table, needs] : parents) {
        if (placed.insert(table).second) {
          order.push_back(table);
        }
      }
    }
  }
  return order;
}

std::map<std::string, std::vector<std::string>>
primary_keys(MetaStoreSession& session)
{
  std::map<std::string, std::vector<std::string>> keys;
  for (const auto& row : session.read_schema_file("sql/repair/primary_keys.sql", {session.schema()}).values) {
    keys[row[0].value_or("")].push_back(row[1].value_or(""));
  }
  return keys;
}

std::vector<std::string>
insert_order_of(MetaStoreSession& session, const std::vector<std::string>& tables)
{
  return insert_order(std::set<std::string>(tables.begin(), tables.end()), foreign_keys(session));
}

std::vector<std::string>
tables_linked_to_object(MetaStoreSession& session)
{
  const auto keys = foreign_keys(session);
  std::set<std::string> linked = {"object"};
  bool grew = true;
  while (grew) {
    grew = false;
    for (const auto& key : keys) {
      if (linked.count(key.parent) != 0 && linked.insert(key.child).second) {
        grew = true;
      }
    }
  }
  return std::vector<std::string>(linked.begin(), linked.end());
}

} // namespace rwdoctor::db
