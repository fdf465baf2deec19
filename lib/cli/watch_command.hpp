// `rwdoctor watch`: check on an interval and serve Prometheus metrics.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rwdoctor::cli {

int run_watch_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace rwdoctor::cli
