// Typed access to db::Rows by column name, for analyzers. Throws OperationalError naming
// the column when it is missing or a value does not parse.
#pragma once

#include "db/rows.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace rwdoctor::checks {

class RowReader
{
public:
  explicit RowReader(const db::Rows& rows) : m_rows(rows) {}

  int column(std::string_view name) const;
  std::optional<std::string> text(std::size_t row, int column) const;
  std::optional<int> integer(std::size_t row, int column) const;
  std::size_t size() const { return m_rows.values.size(); }

private:
  const db::Rows& m_rows;
};

} // namespace rwdoctor::checks
