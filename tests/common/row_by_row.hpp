// Feeds a streaming analyzer as the check runner does with a cursor, in the smallest blocks:
// unit tests compare its findings with those of the same rows fed whole.
#pragma once

#include "checks/analyzers.hpp"

#include <catch2/catch.hpp>

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

// The findings of a run fed in blocks are those of the same rows fed whole: the same number,
// and one by one the same message and subject.
inline void
check_same_findings(const std::vector<checks::RawFinding>& found, const std::vector<checks::RawFinding>& expected)
{
  REQUIRE(found.size() == expected.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    CHECK(found[i].message == expected[i].message);
    CHECK(found[i].fragment_id == expected[i].fragment_id);
    CHECK(found[i].object_id == expected[i].object_id);
    CHECK(found[i].job_id == expected[i].job_id);
  }
}

} // namespace rwdoctor::test
