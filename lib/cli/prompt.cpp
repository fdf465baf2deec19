#include "cli/prompt.hpp"

#include "core/exit_code.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <istream>
#include <ostream>
#include <unistd.h>

namespace rwdoctor::cli {

namespace {

void
cancel_on_interrupt(int)
{
  static const char message[] = "\nrwdoctor: cancelled; nothing was changed\n";
  const auto ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
  (void)ignored;
  ::_exit(to_int(ExitCode::refused));
}

} // namespace

bool
interactive_terminal()
{
  return isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1;
}

std::string
ask(std::istream& in, std::ostream& out, const std::string& question)
{
  struct sigaction action {};
  struct sigaction previous {};
  action.sa_handler = cancel_on_interrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &previous);
  out << question << std::flush;
  std::string line;
  if (!std::getline(in, line)) {
    line.clear();
    out << "\n";
  }
  sigaction(SIGINT, &previous, nullptr);
  std::string answer(util::trim(line));
  std::transform(answer.begin(), answer.end(), answer.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return answer;
}

} // namespace rwdoctor::cli
