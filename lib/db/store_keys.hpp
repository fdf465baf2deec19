// The shape of the store's tables that row_store's reads and writes build their statements
// from: each table's columns with their types, and the order that puts parents before
// children. The keys themselves (db::ForeignKey, db::foreign_keys, db::primary_keys) are
// declared in db/row_store.hpp.
#pragma once

#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rwdoctor::db {

// Table -> (its column names, the format_type() of each), for every table of the store's schema.
using TableColumns = std::map<std::string, std::pair<std::vector<std::string>, std::vector<std::string>>>;

// The columns of every table of the store's schema (sql/repair/table_columns.sql).
TableColumns table_columns(MetaStoreSession& session);

// `tables` parents before children, over every foreign key of `keys` between two of them; a
// cycle of foreign keys leaves the rest in name order.
std::vector<std::string> insert_order(const std::set<std::string>& tables, const std::vector<ForeignKey>& keys);

} // namespace rwdoctor::db
