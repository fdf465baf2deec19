// Ctrl-C and SIGTERM while a repair or undo runs. An InterruptGuard turns the first signal
// into a cancellation: every registered connection gets a cancel request (libpq's PQcancel,
// sent by a watcher thread, since a signal handler may do almost nothing), the running
// statement fails, and the next stage boundary (fault_point) or session call throws
// CancelledError, so the repair rolls back and removes its pending undo file. A second signal
// exits at once; the server rolls back what was not committed. Without a guard the signals
// keep their default meaning.
#pragma once

#include "core/error.hpp"

#include <functional>

namespace rwdoctor {

// "cancelled; nothing was changed" (exit 32).
class CancelledError : public RefusedError
{
public:
  CancelledError();
};

// Installs the SIGINT and SIGTERM handlers and the watcher thread for its lifetime. One at a
// time; not nested.
class InterruptGuard
{
public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
};

// True once a guarded command got SIGINT or SIGTERM.
bool interrupted() noexcept;

// Throws CancelledError when interrupted().
void throw_if_interrupted();

// Runs `work` (a plan's reads) under an InterruptGuard: Ctrl-C cancels its statements and
// ends it with CancelledError (exit 32, "cancelled; nothing was changed") instead of killing
// the process, also when the signal arrives just as `work` returns.
template <typename Work>
auto
run_cancellable(Work&& work)
{
  const InterruptGuard cancel_on_signal;
  auto result = work();
  throw_if_interrupted();
  return result;
}

// Keeps `cancel` (which sends a cancel request on one connection) registered for its
// lifetime: the watcher calls it, on its own thread, when a signal arrives.
class CancelRegistration
{
public:
  explicit CancelRegistration(std::function<void()> cancel);
  ~CancelRegistration();
  CancelRegistration(const CancelRegistration&) = delete;
  CancelRegistration& operator=(const CancelRegistration&) = delete;

private:
  int m_id;
};

} // namespace rwdoctor
