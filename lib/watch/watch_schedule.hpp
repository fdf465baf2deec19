// When `rwdoctor watch` runs its next check. Pure.
//
// Runs never overlap: the next one is planned only after the last has ended. A healthy watch
// starts a run every interval (right away when a run took longer than the interval); after
// failures (the database unreachable, a check that could not run) it backs off, doubling the
// wait up to max(interval, 5 minutes), so that an outage is not hammered. The first run waits
// a random part of a tenth of the interval (at most 5 s), so that watchers started together
// do not query the meta store together.
#pragma once

namespace rwdoctor::watch {

// The wait before the first run; `unit_random` is in [0, 1).
double first_delay_seconds(double interval_seconds, double unit_random);

// The wait after a run that took `run_seconds`, the `failures`-th failed run in a row (0 after
// a run that completed).
double next_delay_seconds(double interval_seconds, double run_seconds, int failures);

} // namespace rwdoctor::watch
