// Row-level changes a restore makes beyond inserting rows, recorded so undo can revert them.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::repair {

struct RowUpdate
{
  std::string table;
  std::vector<std::string> key_columns;
  std::vector<std::string> key_types;
  std::vector<std::optional<std::string>> key;
  std::string column;
  std::string type;
  std::optional<std::string> old_value;
  std::optional<std::string> new_value;
};

// Rows identified by primary key (what a restore inserted, for undo to delete), with the
// SHA-256 of each row as the restore wrote it (row_sha256 over `columns`), so that undo deletes
// only rows still exactly as the restore left them. Undo files of format_version 1 have no
// columns and no hashes.
struct KeyedRows
{
  std::string table;
  std::vector<std::string> key_columns;
  std::vector<std::string> key_types;
  std::vector<std::vector<std::optional<std::string>>> keys;
  std::vector<std::string> columns;
  std::vector<std::string> row_hashes; // one per key
};

} // namespace rwdoctor::repair
