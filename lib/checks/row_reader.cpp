#include "checks/row_reader.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

namespace rwdoctor::checks {

int
RowReader::column(std::string_view name) const
{
  const int index = m_rows.column(name);
  if (index < 0) {
    throw OperationalError(fmt::format("the analyzer input has no column {}", name),
                           "This is a bug in the check file; report it with the file name.");
  }
  return index;
}

std::optional<std::string>
RowReader::text(std::size_t row, int column) const
{
  return m_rows.values.at(row).at(static_cast<std::size_t>(column));
}

std::optional<int>
RowReader::integer(std::size_t row, int column) const
{
  const auto value = text(row, column);
  if (!value) {
    return std::nullopt;
  }
  int parsed = 0;
  if (!util::parse_int32(*value, parsed)) {
    throw OperationalError(fmt::format("column {} holds '{}', not an integer", m_rows.columns.at(column), *value));
  }
  return parsed;
}

} // namespace rwdoctor::checks
