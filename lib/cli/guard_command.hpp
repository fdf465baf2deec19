// `rwdoctor guard`: the meta node's pre-start gate.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rwdoctor::cli {

int run_guard_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace rwdoctor::cli
