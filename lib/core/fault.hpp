// Fault injection for the crash tests: in a build with RWDOCTOR_FAULT_INJECTION, a process
// whose RWDOCTOR_FAULT environment variable names a fault point kills itself with SIGKILL
// when it reaches that point, and one whose RWDOCTOR_PAUSE names it waits there while the
// file RWDOCTOR_PAUSE_FILE exists. In other builds only the last part remains: each fault point
// is a stage boundary of a repair, where a pending Ctrl-C (core/interrupt.hpp) throws
// CancelledError, in every build.
#pragma once

#include <string_view>

namespace rwdoctor {

void fault_point(std::string_view name);

} // namespace rwdoctor
