// Shares a check run's query checks between its own connection and one sibling connection
// that reads the same snapshot (CheckSelection::share_with_sibling). The run's loop takes
// checks from the front, in catalogue order, and the sibling takes them from the back, so
// neither waits while the other has work and no cost model is needed. The sibling's findings
// are held until the loop reaches its checks and emits them, so the report is the one a
// single connection gives.
#pragma once

#include "checks/raw_finding.hpp"
#include "db/meta_store_session.hpp"

#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace rwdoctor::checks {

class SiblingChecks
{
public:
  // Runs check `index` of the run on the given session and returns its raw findings.
  using RunCheck = std::function<std::vector<RawFinding>(db::MetaStoreSession&, std::size_t index)>;

  // `shareable`: the indexes of the run's checks the sibling may take, ascending. The worker
  // starts at once.
  SiblingChecks(std::unique_ptr<db::MetaStoreSession> sibling, std::vector<std::size_t> shareable, RunCheck run);
  // Stops after the check the sibling is running and waits for it.
  ~SiblingChecks();
  SiblingChecks(const SiblingChecks&) = delete;
  SiblingChecks& operator=(const SiblingChecks&) = delete;

  // For the run's loop, which asks about its shareable checks in ascending order: true when
  // the loop runs check `index` itself, false when the sibling has taken it (then take()).
  bool claim(std::size_t index);

  // Waits for the sibling's findings of check `index`; rethrows the error it ran into.
  std::vector<RawFinding> take(std::size_t index);

private:
  void work();

  std::unique_ptr<db::MetaStoreSession> m_session;
  std::vector<std::size_t> m_shareable;
  RunCheck m_run;
  std::mutex m_mutex;
  std::condition_variable m_finished;
  std::size_t m_front = 0; // positions in m_shareable: [m_front, m_back) are unclaimed
  std::size_t m_back = 0;
  std::vector<std::optional<std::vector<RawFinding>>> m_findings; // by position, sibling's only
  std::vector<std::exception_ptr> m_errors;                       // by position, sibling's only
  bool m_stop = false;
  std::thread m_thread;
};

} // namespace rwdoctor::checks
