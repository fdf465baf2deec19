#include "process_runner.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

extern char** environ;

namespace rwdoctor::test {

namespace {

// argv and envp built before fork: the child only calls async-signal-safe functions.
struct ExecImage
{
  std::vector<std::string> args;
  std::vector<std::string> environment;
  std::vector<char*> argv;
  std::vector<char*> envp;
  std::string working_directory;

  ExecImage(const std::vector<std::string>& arguments, const ProcessOptions& options)
    : args(arguments), working_directory(options.working_directory)
  {
    REQUIRE(!args.empty());
    const auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
    for (char** variable = environ; *variable != nullptr; ++variable) {
      const std::string entry(*variable);
      const auto name = name_of(entry);
      const bool replaced = name == "RWDOCTOR_FAULT"
                            || std::any_of(options.environment.begin(), options.environment.end(),
                                           [&](const std::string& wanted) { return name_of(wanted) == name; });
      if (!replaced) {
        environment.push_back(entry);
      }
    }
    environment.insert(environment.end(), options.environment.begin(), options.environment.end());
    for (auto& arg : args) {
      argv.push_back(arg.data());
    }
    argv.push_back(nullptr);
    for (auto& entry : environment) {
      envp.push_back(entry.data());
    }
    envp.push_back(nullptr);
  }

  // In the child, after fork: a clean signal state, then exec. Never returns.
  [[noreturn]] void exec() const
  {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    for (const int signal : {SIGINT, SIGTERM, SIGPIPE, SIGQUIT, SIGHUP, SIGCHLD}) {
      ::signal(signal, SIG_DFL);
    }
    if (!working_directory.empty() && ::chdir(working_directory.c_str()) != 0) {
      ::_exit(125);
    }
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
};

int
remaining_ms(std::chrono::steady_clock::time_point deadline)
{
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  return static_cast<int>(std::max<long long>(0, left.count()));
}

void
fill_status(ProcessOutcome& outcome, int status)
{
  if (WIFEXITED(status)) {
    outcome.exited = true;
    outcome.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    outcome.signal = WTERMSIG(status);
  }
}

void
kill_and_reap(pid_t pid)
{
  if (pid > 0) {
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
}

} // namespace

std::string
rwdoctor_binary()
{
  return RWDOCTOR_BINARY;
}

std::string
ProcessOutcome::describe() const
{
  return fmt::format("{}\n--- stdout ---\n{}\n--- stderr ---\n{}",
                     exited ? fmt::format("exit code {}", exit_code) : fmt::format("killed by signal {}", signal), out,
                     err);
}

ChildProcess::ChildProcess(const std::vector<std::string>& args, const ProcessOptions& options)
{
  const ExecImage image(args, options);
  int out_pipe[2];
  int err_pipe[2];
  REQUIRE(::pipe2(out_pipe, O_CLOEXEC) == 0);
  REQUIRE(::pipe2(err_pipe, O_CLOEXEC) == 0);
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  REQUIRE(null_fd >= 0);
  m_deadline = std::chrono::steady_clock::now() + options.timeout;
  m_pid = ::fork();
  REQUIRE(m_pid >= 0);
  if (m_pid == 0) {
    ::dup2(null_fd, STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    image.exec();
  }
  ::close(null_fd);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  m_out = out_pipe[0];
  m_err = err_pipe[0];
}

ChildProcess::~ChildProcess()
{
  kill_and_reap(m_pid);
  for (const int fd : {m_out, m_err}) {
    if (fd >= 0) {
      ::close(fd);
    }
  }
}

ProcessOutcome
ChildProcess::wait()
{
  REQUIRE(m_pid > 0);
  ProcessOutcome outcome;
  bool open[2] = {true, true};
  std::string* sinks[2] = {&outcome.out, &outcome.err};
  const int fds[2] = {m_out, m_err};
  int status = 0;
  bool reaped = false;
  while (open[0] || open[1] || !reaped) {
    if (remaining_ms(m_deadline) == 0) {
      kill_and_reap(m_pid);
      m_pid = -1;
      FAIL("the child process did not finish in time and was killed; output so far:\n" << outcome.describe());
    }
    if (!reaped) {
      const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
      if (done == m_pid) {
        reaped = true;
      }
    }
    pollfd polled[2];
    int count = 0;
    for (int i = 0; i < 2; ++i) {
      if (open[i]) {
        polled[count++] = {fds[i], POLLIN, 0};
      }
    }
    if (count == 0) {
      ::poll(nullptr, 0, std::min(20, remaining_ms(m_deadline)));
      continue;
    }
    if (::poll(polled, static_cast<nfds_t>(count), std::min(50, remaining_ms(m_deadline))) < 0 && errno != EINTR) {
      FAIL("poll failed: " << std::strerror(errno));
    }
    for (int p = 0; p < count; ++p) {
      if (polled[p].revents == 0) {
        continue;
      }
      const int i = polled[p].fd == fds[0] ? 0 : 1;
      char buffer[4096];
      const auto n = ::read(fds[i], buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        open[i] = false;
      }
    }
  }
  m_pid = -1;
  fill_status(outcome, status);
  return outcome;
}

ProcessOutcome
run_process(const std::vector<std::string>& args, const ProcessOptions& options)
{
  ChildProcess child(args, options);
  return child.wait();
}

PtyProcess::PtyProcess(const std::vector<std::string>& args, const ProcessOptions& options)
{
  const ExecImage image(args, options);
  winsize size{};
  size.ws_row = options.terminal_rows;
  size.ws_col = options.terminal_columns;
  m_deadline = std::chrono::steady_clock::now() + options.timeout;
  m_pid = ::forkpty(&m_master, nullptr, nullptr, &size);
  REQUIRE(m_pid >= 0);
  if (m_pid == 0) {
    image.exec();
  }
  ::fcntl(m_master, F_SETFD, FD_CLOEXEC);
}

PtyProcess::~PtyProcess()
{
  kill_and_reap(m_pid);
  if (m_master >= 0) {
    ::close(m_master);
  }
}

bool
PtyProcess::read_some(int timeout_ms)
{
  pollfd polled{m_master, POLLIN, 0};
  const int ready = ::poll(&polled, 1, timeout_ms);
  if (ready <= 0) {
    return true; // nothing yet (or EINTR)
  }
  char buffer[4096];
  const auto n = ::read(m_master, buffer, sizeof buffer);
  if (n > 0) {
    m_output.append(buffer, static_cast<std::size_t>(n));
    return true;
  }
  return n < 0 && errno == EINTR; // EIO: the terminal's last user has gone
}

namespace {

bool
is_layout_space(char c)
{
  return c == ' ' || c == '\r' || c == '\n';
}

// The position just after the first match of `text` in `output` at or after `from`, where a
// space of `text` matches one or more spaces and line breaks; npos when there is none.
std::size_t
find_words(const std::string& output, const std::string& text, std::size_t from)
{
  for (std::size_t start = from; start < output.size(); ++start) {
    std::size_t at = start;
    std::size_t matched = 0;
    while (matched < text.size() && at < output.size()) {
      if (text[matched] == ' ') {
        if (!is_layout_space(output[at])) {
          break;
        }
        while (at < output.size() && is_layout_space(output[at])) {
          ++at;
        }
      } else if (text[matched] == output[at]) {
        ++at;
      } else {
        break;
      }
      ++matched;
    }
    if (matched == text.size()) {
      return at;
    }
  }
  return std::string::npos;
}

} // namespace

std::size_t
PtyProcess::wait_until(const std::function<std::size_t(const std::string&)>& find, const std::string& what)
{
  for (;;) {
    const auto end = find(m_output);
    if (end != std::string::npos) {
      return end;
    }
    if (remaining_ms(m_deadline) == 0) {
      FAIL("timed out waiting for " << what << " on the terminal; it showed:\n" << m_output);
    }
    if (!read_some(std::min(100, remaining_ms(m_deadline)))) {
      FAIL("the program ended before " << what << " appeared on the terminal; it showed:\n" << m_output);
    }
  }
}

std::size_t
PtyProcess::wait_for(const std::string& text, std::size_t from)
{
  return wait_until(
    [&](const std::string& output) {
      const auto found = output.find(text, from);
      return found == std::string::npos ? found : found + text.size();
    },
    "'" + text + "'");
}

std::size_t
PtyProcess::wait_for_words(const std::string& text, std::size_t from)
{
  return wait_until([&](const std::string& output) { return find_words(output, text, from); },
                    "the words '" + text + "'");
}

void
PtyProcess::type(const std::string& text)
{
  std::size_t written = 0;
  while (written < text.size()) {
    const auto n = ::write(m_master, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    REQUIRE(n > 0);
    written += static_cast<std::size_t>(n);
  }
}

ProcessOutcome
PtyProcess::wait()
{
  REQUIRE(m_pid > 0);
  while (read_some(std::min(50, remaining_ms(m_deadline)))) {
    if (remaining_ms(m_deadline) == 0) {
      kill_and_reap(m_pid);
      m_pid = -1;
      FAIL("the program on the terminal did not finish in time and was killed; it showed:\n" << m_output);
    }
  }
  ProcessOutcome outcome;
  int status = 0;
  for (;;) {
    const pid_t done = ::waitpid(m_pid, &status, WNOHANG);
    if (done == m_pid) {
      break;
    }
    if (remaining_ms(m_deadline) == 0) {
      kill_and_reap(m_pid);
      m_pid = -1;
      FAIL("the program closed the terminal but did not exit in time; it showed:\n" << m_output);
    }
    ::poll(nullptr, 0, 20);
  }
  m_pid = -1;
  fill_status(outcome, status);
  outcome.out = m_output;
  return outcome;
}

ProcessOutcome
run_rwdoctor(std::vector<std::string> args)
{
  args.insert(args.begin(), rwdoctor_binary());
  return run_process(args);
}

std::string
unwrapped(const std::string& text)
{
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r') {
      continue;
    }
    if (text[i] == '\n') {
      while (i + 1 < text.size() && text[i + 1] == ' ') {
        ++i;
      }
      out += ' ';
    } else {
      out += text[i];
    }
  }
  return out;
}

} // namespace rwdoctor::test
