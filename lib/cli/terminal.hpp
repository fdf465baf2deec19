// Terminal detection and the progress line on stderr (only on a terminal).
#pragma once

#include "checks/check_runner.hpp"
#include "db/activity.hpp"

#include <iosfwd>

namespace rwdoctor::cli {

bool stdout_is_terminal();
bool stderr_is_terminal();
// NO_COLOR (https://no-color.org) set to anything non-empty.
bool no_color_requested();
// The width of the terminal on stdout in columns (TIOCGWINSZ, else $COLUMNS), 0 when unknown.
int stdout_width();
// The same for stderr on a terminal, 0 when stderr is a file or a pipe.
int error_width();
// The width to lay text on stdout out for: stdout_width() on a terminal, 0 (no limit) when
// stdout is a file or a pipe, whose reader joins nothing.
int output_width();

// Reports lock waits on stderr: a line naming who the repair waits for whenever that changes,
// and on a terminal a status line rewritten in place with the seconds waited. On a terminal
// the naming line is broken at spaces to its width, never inside a word.
db::LockWaitReport lock_wait_printer(std::ostream& err);

class TerminalProgress : public checks::ProgressListener
{
public:
  TerminalProgress(std::ostream& err, bool enabled) : m_err(err), m_enabled(enabled) {}
  // Takes a progress line still shown away: a run that ends in an error does not reach
  // on_done, and its error must start on a line of its own.
  ~TerminalProgress() override;
  TerminalProgress(const TerminalProgress&) = delete;
  TerminalProgress& operator=(const TerminalProgress&) = delete;
  void on_check(std::size_t index, std::size_t total, const std::string& id) override;
  void on_done() override;

private:
  std::ostream& m_err;
  bool m_enabled;
  bool m_shown = false;
};

} // namespace rwdoctor::cli
