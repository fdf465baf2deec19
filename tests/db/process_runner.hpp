// Runs the rwdoctor binary as a real child process (fork/exec), for the tests that need what
// run_cli cannot give: SIGKILL at a fault point, two processes racing, a pseudo-terminal.
// Every wait is bounded: a child that outlives its deadline is killed and the test fails.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "temporary_directory.hpp"

namespace rwdoctor::test {

// The rwdoctor executable this test binary was built with.
std::string rwdoctor_binary();

struct ProcessOutcome
{
  bool exited = false;     // returned from main / called exit
  int exit_code = -1;      // when exited
  int signal = 0;          // when killed by a signal
  std::string out;         // stdout (under a pty: everything the terminal showed)
  std::string err;         // stderr (empty under a pty)
  std::string describe() const;
};

struct ProcessOptions
{
  std::vector<std::string> environment; // "NAME=value" added to (or replacing in) the test's own
  std::string working_directory;        // empty: the test's own
  unsigned short terminal_columns = 200; // PtyProcess: the terminal's size
  unsigned short terminal_rows = 50;
  std::chrono::milliseconds timeout{60000};
};

// A child with stdin on /dev/null and stdout/stderr on pipes.
class ChildProcess
{
public:
  ChildProcess(const std::vector<std::string>& args, const ProcessOptions& options = {});
  ~ChildProcess(); // kills a child that is still running
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const { return m_pid; }
  // Waits for the child (draining its output meanwhile); FAILs the test after the timeout.
  ProcessOutcome wait();

private:
  pid_t m_pid = -1;
  int m_out = -1;
  int m_err = -1;
  std::chrono::steady_clock::time_point m_deadline;
};

// Runs `args` to completion.
ProcessOutcome run_process(const std::vector<std::string>& args, const ProcessOptions& options = {});

// rwdoctor_binary() with `args`, run to its end.
ProcessOutcome run_rwdoctor(std::vector<std::string> args);

// `text` with each line break (a terminal's "\r\n" too) and the indent after it as one space:
// rwdoctor wraps its lines at 80 columns.
std::string unwrapped(const std::string& text);

// A child on a pseudo-terminal (forkpty): stdin, stdout and stderr are the terminal.
class PtyProcess
{
public:
  PtyProcess(const std::vector<std::string>& args, const ProcessOptions& options = {});
  ~PtyProcess();
  PtyProcess(const PtyProcess&) = delete;
  PtyProcess& operator=(const PtyProcess&) = delete;

  // Reads until the terminal output (since the start) contains `text` after position `from`;
  // returns the position just after it. FAILs the test when the child ends or the deadline passes.
  std::size_t wait_for(const std::string& text, std::size_t from = 0);
  // As wait_for, but each space in `text` matches a run of spaces and line breaks: for lines
  // the program breaks to the terminal's width.
  std::size_t wait_for_words(const std::string& text, std::size_t from = 0);
  // Types `text` as if on the keyboard ("\x03" is Ctrl-C).
  void type(const std::string& text);
  pid_t pid() const { return m_pid; }
  // Waits for the child to end; FAILs the test after the timeout.
  ProcessOutcome wait();
  const std::string& output() const { return m_output; }

private:
  bool read_some(int timeout_ms); // false at end of output
  // Reads until `find` (the output so far -> the end of a match, or npos) matches; `what`
  // names the awaited text in a failure.
  std::size_t wait_until(const std::function<std::size_t(const std::string&)>& find, const std::string& what);
  pid_t m_pid = -1;
  int m_master = -1;
  std::string m_output;
  std::chrono::steady_clock::time_point m_deadline;
};


} // namespace rwdoctor::test
