// `rwdoctor repair ACTION`: hands each action to its command.
#include "cli/repair_command.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

namespace rwdoctor::cli {

int
run_repair_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  if (!args.empty() && args.front() == "restore") {
    return run_restore_command(std::vector<std::string>(args.begin() + 1, args.end()), in, out, err);
  }
  if (!args.empty() && (args.front() == "all" || args.front() == "fix")) {
    return run_all_command(std::vector<std::string>(args.begin() + 1, args.end()), args.front() == "fix", in, out,
                           err);
  }
  if (args.empty() || (args.front() != "drop" && args.front() != "--help")) {
    throw UsageError(args.empty() ? "repair needs an action" : fmt::format("unknown repair action '{}'", args.front()),
                     "Use 'rwdoctor repair all --dry-run' (every incident), or repair drop, restore or fix.");
  }
  // Without an action, --help is drop's.
  return run_drop_command(args, in, out, err);
}

} // namespace rwdoctor::cli
