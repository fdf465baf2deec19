// Splits a long test file's cases among several processes that ctest runs side by side.
// RWDOCTOR_TEST_SHARD="K/N" (0 <= K < N) selects the cases whose index modulo N is K; unset or
// empty, every case runs. tests/db/CMakeLists.txt registers one ctest entry per shard of such a
// file, so the shards together run every case exactly once.
#pragma once

#include <cstddef>

namespace rwdoctor::test {

// Whether the case with this index (counted from 0 over the test's own loop) belongs to this
// process. Throws on a malformed RWDOCTOR_TEST_SHARD, so a typo never runs nothing silently.
bool in_this_shard(std::size_t case_index);

} // namespace rwdoctor::test
