// Which tables and columns exist in the meta store's schema (information_schema), so checks
// that need a relation the store does not have are "not applicable" instead of failing.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace rwdoctor::store {

struct SchemaFacts
{
  std::set<std::string, std::less<>> tables;  // "fragment", "table", ...
  std::set<std::string, std::less<>> columns; // "object.belong_to_oid", ...

  // `relation` is "table" or "table.column".
  bool
  has(std::string_view relation) const
  {
    return relation.find('.') == std::string_view::npos ? tables.count(relation) != 0
                                                        : columns.count(relation) != 0;
  }
};

} // namespace rwdoctor::store
