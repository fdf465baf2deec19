// A query result as plain text values, so the code that interprets rows (check findings,
// analyzers) is pure and testable without a server.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::db {

struct Rows
{
  std::vector<std::string> columns;
  std::vector<std::vector<std::optional<std::string>>> values; // NULL = nullopt

  // The index of column `name`, or -1 when the result has no such column.
  int
  column(std::string_view name) const
  {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      if (columns[i] == name) {
        return static_cast<int>(i);
      }
    }
    return -1;
  }
};

} // namespace rwdoctor::db
