// Fault injection for the crash tests, linked only into the test copy of the binary and the
// database test program (-DRWDOCTOR_FAULT_INJECTION=ON; never into the shipped binary): a
// process whose RWDOCTOR_FAULT environment variable names a fault point kills itself with
// SIGKILL when it reaches that point, and one whose RWDOCTOR_PAUSE names it waits there while
// the file RWDOCTOR_PAUSE_FILE exists.
#include "core/fault.hpp"

#include "core/interrupt.hpp"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <unistd.h>

namespace rwdoctor {

namespace {

void
injected_fault(std::string_view name)
{
  const char* wanted = std::getenv("RWDOCTOR_FAULT");
  if (wanted != nullptr && name == wanted) {
    ::kill(::getpid(), SIGKILL);
  }
  // RWDOCTOR_PAUSE=<point>: announce the pause on stderr and wait (at most 30 s) until the
  // file named by RWDOCTOR_PAUSE_FILE disappears, so a test can act mid-repair (terminate
  // the backend, restart the server) and then let the process go on.
  const char* pause = std::getenv("RWDOCTOR_PAUSE");
  const char* file = std::getenv("RWDOCTOR_PAUSE_FILE");
  if (pause != nullptr && file != nullptr && name == pause) {
    std::fprintf(stderr, "rwdoctor: paused at %s\n", pause);
    std::fflush(stderr);
    for (int waited = 0; waited < 3000 && ::access(file, F_OK) == 0 && !interrupted(); ++waited) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
}

// Installed before main: an object file linked into the program is always part of it.
[[maybe_unused]] const bool installed = [] {
  set_fault_hook(&injected_fault);
  return true;
}();

} // namespace

} // namespace rwdoctor
