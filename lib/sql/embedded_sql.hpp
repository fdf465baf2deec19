// The files under sql/ (schemas, demo catalog, checks), embedded at build time by
// cmake/GenerateEmbeddedSql.cmake.
#pragma once

#include <string_view>
#include <vector>

namespace rwdoctor::sql {

struct EmbeddedFile
{
  std::string_view path;     // relative to the source tree, e.g. "sql/checks/object-orphaned.sql"
  std::string_view contents; // the file's bytes
};

// Every embedded file, sorted by path.
const std::vector<EmbeddedFile>&
embedded_sql_files();

// The contents of the embedded file at `path`; throws OperationalError if there is none.
std::string_view
embedded_sql(std::string_view path);

} // namespace rwdoctor::sql
