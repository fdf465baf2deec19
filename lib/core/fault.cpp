#include "core/fault.hpp"

#include <csignal>
#include <cstdlib>
#include <unistd.h>

namespace rwdoctor {

void
fault_point([[maybe_unused]] std::string_view name)
{
#ifdef RWDOCTOR_FAULT_INJECTION
  const char* wanted = std::getenv("RWDOCTOR_FAULT");
  if (wanted != nullptr && name == wanted) {
    ::kill(::getpid(), SIGKILL);
  }
#endif
}

} // namespace rwdoctor
