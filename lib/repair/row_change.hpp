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

// Rows identified by primary key (what a restore inserted, for undo to delete).
struct KeyedRows
{
  std::string table;
  std::vector<std::string> key_columns;
  std::vector<std::string> key_types;
  std::vector<std::vector<std::optional<std::string>>> keys;
};

} // namespace rwdoctor::repair
