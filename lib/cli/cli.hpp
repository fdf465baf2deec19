// The command line front end: parses arguments, runs a command, renders, and maps every
// error to its exit code. The only place that writes to stdout/stderr and catches errors.
#pragma once

#include <iosfwd>

namespace rwdoctor::cli {

// Runs `rwdoctor` with `argv`; returns the process exit code (see core/exit_code.hpp).
int run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err);

} // namespace rwdoctor::cli
