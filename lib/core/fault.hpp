// Stage boundaries of a repair. fault_point(name) is where a pending Ctrl-C
// (core/interrupt.hpp) throws CancelledError, in every build. A test build also links
// core/fault_injection.cpp into its own copy of the binary (apps/rwdoctor/CMakeLists.txt): it
// installs a hook that kills the process at a named point or pauses there, for the crash
// tests. The shipped binary never installs a hook, so it has no crash points at all.
#pragma once

#include <string_view>

namespace rwdoctor {

void fault_point(std::string_view name);

// What fault_point calls between its two interrupt checks; nullptr (the default) calls
// nothing. Set once, before main, by core/fault_injection.cpp in test builds.
using FaultHook = void (*)(std::string_view name);
void set_fault_hook(FaultHook hook);

} // namespace rwdoctor
