// Runs the rwdoctor command line in-process (the same code path as the binary, minus the
// terminal), capturing the exit code and both output streams.
#pragma once

#include "cli/cli.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace rwdoctor::test {

struct CliResult
{
  int code = -1;
  std::string out;
  std::string err;
};

inline CliResult
run_cli(std::vector<std::string> args, const std::string& input = {})
{
  args.insert(args.begin(), "rwdoctor");
  std::vector<const char*> argv;
  for (const auto& arg : args) {
    argv.push_back(arg.c_str());
  }
  std::istringstream in(input);
  std::ostringstream out;
  std::ostringstream err;
  CliResult result;
  result.code = cli::run(static_cast<int>(argv.size()), argv.data(), in, out, err);
  result.out = out.str();
  result.err = err.str();
  return result;
}

inline bool
contains(const std::string& text, const std::string& part)
{
  return text.find(part) != std::string::npos;
}

} // namespace rwdoctor::test
