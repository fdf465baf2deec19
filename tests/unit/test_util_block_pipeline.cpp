// util::pipeline_blocks: every block processed once, in order, on another thread; errors from
// either stage end the pipeline and reach the caller; few blocks alive at once.
#include "util/block_pipeline.hpp"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

using rwdoctor::util::pipeline_blocks;

namespace {

// Fetches 1, 2, ..., `count`, throwing instead of fetching block `fail_at` (0: never).
struct Source
{
  int count = 0;
  int fail_at = 0;
  std::atomic<int> fetched{0};
  bool operator()(int& block)
  {
    const int next = fetched + 1;
    if (next == fail_at) {
      throw std::runtime_error("fetch failed");
    }
    if (next > count) {
      return false;
    }
    block = next;
    fetched = next;
    return true;
  }
};

} // namespace

TEST_CASE("every block is processed once, in order, on another thread", "[util]")
{
  Source source{100};
  std::vector<int> seen;
  std::vector<std::thread::id> threads;
  pipeline_blocks<int>(std::ref(source), [&](int& block) {
    seen.push_back(block);
    threads.push_back(std::this_thread::get_id());
  });
  REQUIRE(seen.size() == 100);
  for (int i = 0; i < 100; ++i) {
    CHECK(seen[static_cast<std::size_t>(i)] == i + 1);
    CHECK(threads[static_cast<std::size_t>(i)] != std::this_thread::get_id());
  }
}

TEST_CASE("an empty stream processes nothing", "[util]")
{
  Source source{0};
  int calls = 0;
  pipeline_blocks<int>(std::ref(source), [&](int&) { ++calls; });
  CHECK(calls == 0);
}

TEST_CASE("at most one fetched block waits while another is processed", "[util]")
{
  Source source{40};
  std::atomic<int> processed{0};
  int most_ahead = 0;
  pipeline_blocks<int>(
    [&](int& block) {
      most_ahead = std::max(most_ahead, source.fetched - processed);
      return source(block);
    },
    [&](int&) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      ++processed;
    });
  CHECK(processed == 40);
  CHECK(most_ahead <= 2); // one waiting, one being processed, when the next fetch starts
}

TEST_CASE("an error while processing stops the fetching and reaches the caller", "[util][bad-input]")
{
  Source source{1000};
  std::vector<int> seen;
  CHECK_THROWS_WITH(pipeline_blocks<int>(std::ref(source),
                                         [&](int& block) {
                                           if (block == 5) {
                                             throw std::runtime_error("bad block 5");
                                           }
                                           seen.push_back(block);
                                         }),
                    "bad block 5");
  CHECK(seen == std::vector<int>{1, 2, 3, 4});
  CHECK(source.fetched <= 7);
}

TEST_CASE("an error while fetching ends the processing and reaches the caller", "[util][bad-input]")
{
  Source source{1000, 6};
  std::vector<int> seen;
  CHECK_THROWS_WITH(pipeline_blocks<int>(std::ref(source), [&](int& block) { seen.push_back(block); }), "fetch failed");
  REQUIRE(seen.size() <= 5);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    CHECK(seen[i] == static_cast<int>(i) + 1);
  }
}
