#include "core/interrupt.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <poll.h>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace rwdoctor {

namespace {

std::atomic<bool> g_interrupted{false};
std::atomic<int> g_pipe_write{-1};

std::mutex g_mutex; // guards the registrations
std::map<int, std::function<void()>> g_cancels;
int g_next_id = 0;

constexpr char k_signal_byte = 's';
constexpr char k_quit_byte = 'q';

extern "C" void
on_signal(int)
{
  if (g_interrupted.exchange(true)) {
    static const char message[] = "\nrwdoctor: interrupted again: exiting at once; the server rolls back what was "
                                  "not committed\n";
    const auto ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
    (void)ignored;
    ::_exit(static_cast<int>(ExitCode::refused));
  }
  static const char message[] = "\nrwdoctor: interrupted: cancelling (press Ctrl-C again to exit at once)\n";
  auto ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
  const int fd = g_pipe_write.load();
  if (fd >= 0) {
    ignored = ::write(fd, &k_signal_byte, 1);
  }
  (void)ignored;
}

void
cancel_all()
{
  const std::lock_guard<std::mutex> lock(g_mutex);
  for (const auto& [id, cancel] : g_cancels) {
    try {
      cancel();
    } catch (...) {
      // A connection that cannot be reached to cancel has nothing running to cancel.
    }
  }
}

struct GuardState
{
  int read_fd = -1;
  int write_fd = -1;
  std::thread watcher;
  struct sigaction previous_int {};
  struct sigaction previous_term {};
};

GuardState* g_state = nullptr;

} // namespace

CancelledError::CancelledError() : RefusedError("cancelled; nothing was changed")
{
}

InterruptGuard::InterruptGuard()
{
  auto* state = new GuardState;
  int fds[2];
  if (::pipe(fds) != 0) {
    delete state;
    throw OperationalError("cannot prepare for Ctrl-C: pipe() failed", "Run rwdoctor again.");
  }
  state->read_fd = fds[0];
  state->write_fd = fds[1];
  g_interrupted = false;
  g_pipe_write = state->write_fd;
  // After a signal the cancel requests go out again every 200 ms until the guard ends: one
  // that reached a connection between two statements cancels nothing, and the statement after
  // it (a lock wait, say) must not run to its own timeout.
  state->watcher = std::thread([fd = state->read_fd] {
    bool cancelling = false;
    for (;;) {
      pollfd readable{fd, POLLIN, 0};
      const int ready = ::poll(&readable, 1, cancelling ? 200 : -1);
      if (ready < 0 && errno != EINTR) {
        return;
      }
      if (ready > 0) {
        char byte = 0;
        if (::read(fd, &byte, 1) != 1) {
          continue;
        }
        if (byte == k_quit_byte) {
          return;
        }
        cancelling = cancelling || byte == k_signal_byte;
      }
      if (cancelling) {
        cancel_all();
      }
    }
  });
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &state->previous_int);
  sigaction(SIGTERM, &action, &state->previous_term);
  g_state = state;
}

InterruptGuard::~InterruptGuard()
{
  auto* state = g_state;
  sigaction(SIGINT, &state->previous_int, nullptr);
  sigaction(SIGTERM, &state->previous_term, nullptr);
  g_pipe_write = -1;
  const auto ignored = ::write(state->write_fd, &k_quit_byte, 1);
  (void)ignored;
  state->watcher.join();
  ::close(state->read_fd);
  ::close(state->write_fd);
  g_state = nullptr;
  delete state;
}

bool
interrupted() noexcept
{
  return g_interrupted.load();
}

void
throw_if_interrupted()
{
  if (interrupted()) {
    throw CancelledError();
  }
}

CancelRegistration::CancelRegistration(std::function<void()> cancel)
{
  const std::lock_guard<std::mutex> lock(g_mutex);
  m_id = ++g_next_id;
  g_cancels.emplace(m_id, std::move(cancel));
}

CancelRegistration::~CancelRegistration()
{
  const std::lock_guard<std::mutex> lock(g_mutex);
  g_cancels.erase(m_id);
}

} // namespace rwdoctor
