#include "cli/prompt.hpp"

#include "core/exit_code.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <cctype>
#include <csignal>
#include <istream>
#include <ostream>
#include <fcntl.h>
#include <termios.h>
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

namespace {

// The terminal a password prompt hid the echo of, for the Ctrl-C handler to restore.
int g_password_tty = -1;
termios g_password_saved{};

extern "C" void
restore_echo_and_cancel(int)
{
  if (g_password_tty >= 0) {
    ::tcsetattr(g_password_tty, TCSAFLUSH, &g_password_saved);
  }
  cancel_on_interrupt(SIGINT);
}

} // namespace

std::optional<std::string>
read_password(const std::string& prompt)
{
  if (isatty(STDIN_FILENO) != 1) {
    return std::nullopt;
  }
  const int tty = ::open("/dev/tty", O_RDWR | O_CLOEXEC);
  if (tty < 0) {
    return std::nullopt;
  }
  termios saved{};
  const bool can_hide = ::tcgetattr(tty, &saved) == 0;
  struct sigaction action {};
  struct sigaction previous {};
  action.sa_handler = restore_echo_and_cancel;
  sigemptyset(&action.sa_mask);
  if (can_hide) {
    g_password_saved = saved;
    g_password_tty = tty;
  }
  sigaction(SIGINT, &action, &previous);
  if (can_hide) {
    termios hidden = saved;
    hidden.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    hidden.c_lflag |= ICANON;
    ::tcsetattr(tty, TCSAFLUSH, &hidden);
  }
  auto ignored = ::write(tty, prompt.data(), prompt.size());
  std::string line;
  char c = 0;
  while (::read(tty, &c, 1) == 1 && c != '\n') {
    if (c != '\r') {
      line += c;
    }
  }
  if (can_hide) {
    ::tcsetattr(tty, TCSAFLUSH, &saved);
  }
  sigaction(SIGINT, &previous, nullptr);
  g_password_tty = -1;
  ignored = ::write(tty, "\n", 1); // the Enter the hidden echo did not show
  (void)ignored;
  ::close(tty);
  return line;
}

} // namespace rwdoctor::cli
