// Small reads and row helpers the restore planner's steps share: ids through an embedded SQL
// file, rows of a table under several conditions, and primary-key values of captured rows.
#pragma once

#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rwdoctor::repair {

using PlanRow = std::vector<std::optional<std::string>>;

// `values` sorted, without duplicates.
std::vector<int> sorted_unique(std::vector<int> values);

// The integers of a column of JSON arrays (fragment.upstream_fragment_id), sorted and unique;
// values that are not arrays of integers are skipped (the checks report them).
std::vector<int> int_list_values(const db::CapturedTable& table, const std::string& column);

// The integer first column of the embedded file `path` run with `ids` as its int array $1.
std::vector<int> ids_of(db::MetaStoreSession& session, std::string_view path, const std::vector<int>& ids);

// Rows of `table` matching any of the (column, ids) conditions, without duplicates.
db::CapturedTable select_union(db::MetaStoreSession& session, const std::string& table,
                               const std::vector<std::pair<std::string, std::vector<int>>>& conditions);

// The values of `row` at `indexes` (a primary key's columns), in that order.
PlanRow key_values(const PlanRow& row, const std::vector<int>& indexes);

// "(1, 2)": a key as plan lines print it, NULL for a missing value.
std::string describe_key(const PlanRow& key);

} // namespace rwdoctor::repair
