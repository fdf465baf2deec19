#include "watch/watch_schedule.hpp"

#include <algorithm>

namespace rwdoctor::watch {

namespace {

constexpr double k_max_first_delay = 5.0;
constexpr double k_backoff_ceiling = 300.0;

} // namespace

double
first_delay_seconds(double interval_seconds, double unit_random)
{
  return std::min(interval_seconds * 0.1, k_max_first_delay) * std::clamp(unit_random, 0.0, 1.0);
}

double
next_delay_seconds(double interval_seconds, double run_seconds, int failures)
{
  if (failures <= 0) {
    return std::max(0.0, interval_seconds - run_seconds);
  }
  const double ceiling = std::max(interval_seconds, k_backoff_ceiling);
  double wait = interval_seconds;
  for (int i = 1; i < failures && wait < ceiling; ++i) {
    wait *= 2;
  }
  return std::min(wait, ceiling);
}

} // namespace rwdoctor::watch
