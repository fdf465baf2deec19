#include "repair/plan_reads.hpp"

#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace rwdoctor::repair {

std::vector<int>
sorted_unique(std::vector<int> values)
{
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

std::vector<int>
int_list_values(const db::CapturedTable& table, const std::string& column)
{
  std::vector<int> values;
  const int index = db::column_index(table, column);
  if (index < 0) {
    return values;
  }
  for (const auto& row : table.rows) {
    const auto& text = row[static_cast<std::size_t>(index)];
    const auto list = text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
    if (!list.is_array()) {
      continue;
    }
    for (const auto& element : list) {
      if (element.is_number_integer()) {
        values.push_back(element.get<int>());
      }
    }
  }
  return sorted_unique(std::move(values));
}

std::vector<int>
ids_of(db::MetaStoreSession& session, std::string_view path, const std::vector<int>& ids)
{
  std::vector<int> values;
  for (const auto& row : session.run_file(path, {util::pg_int_array(ids)}).values) {
    int value = 0;
    if (row[0] && util::parse_int32(*row[0], value)) {
      values.push_back(value);
    }
  }
  return values;
}

db::CapturedTable
select_union(db::MetaStoreSession& session, const std::string& table,
             const std::vector<std::pair<std::string, std::vector<int>>>& conditions)
{
  db::CapturedTable result;
  for (const auto& [column, ids] : conditions) {
    auto part = db::select_rows(session, table, column, ids);
    if (result.columns.empty()) {
      result = std::move(part);
    } else {
      result.rows.insert(result.rows.end(), part.rows.begin(), part.rows.end());
    }
  }
  std::sort(result.rows.begin(), result.rows.end());
  result.rows.erase(std::unique(result.rows.begin(), result.rows.end()), result.rows.end());
  return result;
}

PlanRow
key_values(const PlanRow& row, const std::vector<int>& indexes)
{
  PlanRow key;
  for (const int index : indexes) {
    key.push_back(row[static_cast<std::size_t>(index)]);
  }
  return key;
}

std::string
describe_key(const PlanRow& key)
{
  std::string text;
  for (const auto& value : key) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", value.value_or("NULL"));
  }
  return fmt::format("({})", text);
}

} // namespace rwdoctor::repair
