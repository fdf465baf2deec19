#include "core/fault.hpp"

#include "core/interrupt.hpp"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <thread>
#include <unistd.h>

namespace rwdoctor {

void
fault_point([[maybe_unused]] std::string_view name)
{
  throw_if_interrupted();
#ifdef RWDOCTOR_FAULT_INJECTION
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
#endif
  throw_if_interrupted();
}

} // namespace rwdoctor
