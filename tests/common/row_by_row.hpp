// Feeds a streaming analyzer as the check runner does with a cursor, in the smallest blocks:
// unit tests compare its findings with those of the same rows fed whole.
#pragma once

#include "checks/analyzers.hpp"

#include <vector>

namespace rwdoctor::test {

// The findings of `judge` after taking `rows` one row per block, in their order.
inline std::vector<checks::RawFinding>
judged_row_by_row(checks::StreamingAnalyzer& judge, const db::Rows& rows)
{
  for (const auto& row : rows.values) {
    db::Rows block;
    block.columns = rows.columns;
    block.values = {row};
    judge.take(block);
  }
  return judge.finish();
}

} // namespace rwdoctor::test
