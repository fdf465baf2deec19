#include "cli/terminal.hpp"

#include "report/text_report.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <ostream>

namespace rwdoctor::cli {

bool
stdout_is_terminal()
{
  return isatty(STDOUT_FILENO) == 1;
}

bool
stderr_is_terminal()
{
  return isatty(STDERR_FILENO) == 1;
}

bool
no_color_requested()
{
  const char* value = std::getenv("NO_COLOR");
  return value != nullptr && *value != '\0';
}

db::LockWaitReport
lock_wait_printer(std::ostream& err)
{
  // The status line is rewritten in place; when the wait ends in an error (a timeout, a
  // cancel), the printer is destroyed while the stack unwinds, before the error is printed,
  // and takes its status line away then, so that the error starts on a line of its own.
  struct State
  {
    explicit State(std::ostream& stream) : err(stream) {}
    ~State()
    {
      if (status_line) {
        fmt::print(err, "\r\x1b[K");
        err.flush();
      }
    }
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    std::ostream& err;
    std::string holders;
    bool status_line = false;
  };
  auto state = std::make_shared<State>(err);
  const bool terminal = stderr_is_terminal();
  return [state, terminal](const db::LockWait& wait) {
    auto& stream = state->err;
    if (state->status_line) {
      fmt::print(stream, "\r\x1b[K");
      state->status_line = false;
    }
    if (wait.finished) {
      fmt::print(stream, "rwdoctor: got {} after {} s\n", wait.what, wait.waited_ms / 1000);
      state->holders.clear();
      stream.flush();
      return;
    }
    if (wait.holders != state->holders || state->holders.empty()) {
      state->holders = wait.holders;
      const auto line =
        fmt::format("rwdoctor: waiting for {} (--lock-timeout {} ms): {}", wait.what, wait.limit_ms,
                    wait.holders.empty() ? "held by a session that is gone or not visible to this role" : wait.holders);
      fmt::print(stream, "{}\n", report::fitted_text_line(line, terminal ? error_width() : 0, "  "));
    }
    if (terminal) {
      fmt::print(stream, "rwdoctor: still waiting, {} s of {:g} s (Ctrl-C cancels)", wait.waited_ms / 1000,
                 static_cast<double>(wait.limit_ms) / 1000);
      state->status_line = true;
    }
    stream.flush();
  };
}

TerminalProgress::~TerminalProgress()
{
  on_done();
}

void
TerminalProgress::on_check(std::size_t index, std::size_t total, const std::string& id)
{
  if (m_enabled) {
    fmt::print(m_err, "\r\x1b[Kchecking [{}/{}] {}", index + 1, total, id);
    m_err.flush();
    m_shown = true;
  }
}

void
TerminalProgress::on_done()
{
  if (m_shown) {
    fmt::print(m_err, "\r\x1b[K");
    m_err.flush();
    m_shown = false;
  }
}

int
output_width()
{
  return stdout_is_terminal() ? stdout_width() : 0;
}

namespace {

// The width of the terminal on `fd` (TIOCGWINSZ, else $COLUMNS), 0 when unknown.
int
terminal_columns(int fd)
{
  winsize size{};
  if (::ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) {
    return size.ws_col;
  }
  const char* columns = std::getenv("COLUMNS");
  int parsed = 0;
  return columns != nullptr && util::parse_int32(columns, parsed) && parsed > 0 ? parsed : 0;
}

} // namespace

int
stdout_width()
{
  return terminal_columns(STDOUT_FILENO);
}

int
error_width()
{
  return stderr_is_terminal() ? terminal_columns(STDERR_FILENO) : 0;
}

} // namespace rwdoctor::cli
