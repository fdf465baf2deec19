// Shares a check run's query checks between its own connection and one sibling connection
// that reads the same snapshot (CheckSelection::share_with_sibling). The run's loop takes
// checks from the front, in catalogue order, and the sibling takes them from the back, so
// neither waits while the other has work and no cost model is needed. The sibling's findings
// are held until the loop reaches its checks and emits them, so the report is the one a
// single connection gives. The sibling may also join late: opened by its own thread once
// another connection of the run is free (the blob scan's, when that is done), it then takes
// from the back whatever the loop has not reached.
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

  // Opens the sibling's session; nullptr (or an exception) when there will be none.
  using OpenSession = std::function<std::unique_ptr<db::MetaStoreSession>()>;
  // The late sibling: the worker first calls `open` (which may wait) on its own thread; until
  // it has a session, and for good when it gets none, the loop runs every check itself.
  SiblingChecks(OpenSession open, std::vector<std::size_t> shareable, RunCheck run);
  // Stops after the check the sibling is running and waits for it.
  ~SiblingChecks();
  SiblingChecks(const SiblingChecks&) = delete;
  SiblingChecks& operator=(const SiblingChecks&) = delete;

  // For the run's loop, which asks about its shareable checks in ascending order: true when
  // the loop runs check `index` itself (always for a check that is not shareable), false when
  // the sibling has taken it (then take()).
  bool claim(std::size_t index);

  // Waits for the sibling's findings of check `index`; rethrows the error it ran into.
  std::vector<RawFinding> take(std::size_t index);

  // For the run's loop while it would only wait (for the blob scan): runs the next check the
  // loop has not reached and the sibling has not taken on `session`, and keeps its findings
  // for take() as the sibling's are kept. False when none is left.
  bool run_ahead(db::MetaStoreSession& session);

private:
  void work();
  // Runs check `position` on `session` and keeps its findings or error.
  void run_at(db::MetaStoreSession& session, std::size_t position);

  OpenSession m_open; // empty when the session was given
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
