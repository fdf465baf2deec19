#include "cli/terminal.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <cstdlib>
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

void
TerminalProgress::on_check(std::size_t index, std::size_t total, const std::string& id)
{
  if (m_enabled) {
    fmt::print(m_err, "\r\x1b[Kchecking [{}/{}] {}", index + 1, total, id);
    m_err.flush();
  }
}

void
TerminalProgress::on_done()
{
  if (m_enabled) {
    fmt::print(m_err, "\r\x1b[K");
    m_err.flush();
  }
}

} // namespace rwdoctor::cli
