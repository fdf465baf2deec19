// Exit codes follow the fsck convention; runbooks script against them, so the values are a
// contract (see README "Exit codes").
#pragma once

namespace rwdoctor {

enum class ExitCode : int {
  clean = 0,         // nothing wrong / nothing to do
  repaired = 1,      // inconsistencies repaired
  inconsistent = 4,  // inconsistencies found and left
  operational = 8,   // cannot connect, not a meta store, a query or a check failed
  usage = 16,        // bad flags or arguments
  refused = 32,      // refused or cancelled; nothing changed
};

inline int
to_int(ExitCode code)
{
  return static_cast<int>(code);
}

} // namespace rwdoctor
