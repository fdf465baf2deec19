// Two-stage pipeline for reading a stream in blocks: the calling thread fetches block n+1
// while a second thread processes block n, so reading takes about the longer of the two
// stages instead of their sum. Used by MetaStoreSession::scan_bytea, where the server reads
// and sends the next block of blobs while the client decodes and parses the last one.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

namespace rwdoctor::util {

// Calls `fetch` on this thread until it returns false, and `process` on a second thread for
// each block it filled, in order, one at a time. At most one fetched block waits for
// `process`, so at most three blocks are alive at once (fetching, waiting, processing).
// An exception from `process` stops the fetching at the next block and is rethrown here; an
// exception from `fetch` lets `process` finish its current block, drops the waiting one and
// is rethrown. `fetch` always sees the connection or stream alone: only this thread uses it.
template <typename Block>
void
pipeline_blocks(const std::function<bool(Block&)>& fetch, const std::function<void(Block&)>& process)
{
  std::mutex mutex;
  std::condition_variable changed;
  std::optional<Block> waiting;
  bool finished = false; // no more blocks will come (end, or fetch failed)
  std::exception_ptr process_error;

  std::thread worker([&] {
    for (;;) {
      std::optional<Block> block;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return waiting.has_value() || finished; });
        if (!waiting) {
          return;
        }
        block = std::move(waiting);
        waiting.reset();
      }
      changed.notify_all();
      try {
        process(*block);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex);
        process_error = std::current_exception();
        waiting.reset();
        changed.notify_all();
        return;
      }
    }
  });
  const auto stop_worker = [&](bool drop_waiting) {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      finished = true;
      if (drop_waiting) {
        waiting.reset();
      }
    }
    changed.notify_all();
    worker.join();
  };

  try {
    for (;;) {
      Block block{};
      if (!fetch(block)) {
        break;
      }
      std::unique_lock<std::mutex> lock(mutex);
      changed.wait(lock, [&] { return !waiting.has_value() || process_error; });
      if (process_error) {
        break;
      }
      waiting = std::move(block);
      lock.unlock();
      changed.notify_all();
    }
  } catch (...) {
    stop_worker(true);
    throw;
  }
  stop_worker(false);
  if (process_error) {
    std::rethrow_exception(process_error);
  }
}

} // namespace rwdoctor::util
