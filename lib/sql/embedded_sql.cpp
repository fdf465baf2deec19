#include "sql/embedded_sql.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

namespace rwdoctor::sql {

std::string_view
embedded_sql(std::string_view path)
{
  for (const auto& file : embedded_sql_files()) {
    if (file.path == path) {
      return file.contents;
    }
  }
  throw OperationalError(fmt::format("no embedded sql file '{}'", path),
                         "This is a build problem: rebuild rwdoctor from a complete source tree.");
}

} // namespace rwdoctor::sql
