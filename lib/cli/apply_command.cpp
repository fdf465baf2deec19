// `rwdoctor apply PLAN`: applies a plan that `repair drop`, `restore`, `all` or `fix` saved
// with --plan-out, after the DBA's yes.
#include "cli/repair_command.hpp"

#include "cli/options.hpp"
#include "cli/prompt.hpp"
#include "cli/repair_flow.hpp"
#include "cli/repair_support.hpp"
#include "core/error.hpp"
#include "repair/repair_executor.hpp"
#include "repair/sealed_document.hpp"
#include "util/durable_file.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

namespace rwdoctor::cli {

namespace {

po::options_description
apply_plan_options()
{
  po::options_description options("rwdoctor apply options");
  add_repair_options(options);
  options.add_options()("plan", po::value<std::string>(), "plan file written by --plan-out")(
    "from", po::value<std::string>(), "the backup meta store, for a restore plan")(
    "from-schema", po::value<std::string>(), "schema of the meta store in the backup");
  return options;
}

// True with --yes; else, on a terminal, says `what` the plan does and asks the DBA. A
// UsageError when it cannot ask.
bool
apply_plan_confirmed(const po::variables_map& values, const std::string& what, std::istream& in, std::ostream& out)
{
  if (values.count("yes") != 0) {
    return true;
  }
  if (!interactive_terminal()) {
    throw UsageError("apply needs --yes when it is not run on a terminal", "Pass --yes to apply the plan.");
  }
  out << what;
  return confirmed(in, out, "apply this plan? [y/N] ");
}

} // namespace

int
run_apply_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  const auto options = apply_plan_options();
  po::positional_options_description positional;
  positional.add("plan", 1);
  const auto values = parse_options(args, options, "apply", &positional);
  if (values.count("help") != 0) {
    return print_command_help(out, "Usage: rwdoctor apply PLAN [--yes] [options]\n\n", options);
  }
  if (values.count("plan") == 0) {
    throw UsageError("apply needs the plan file", "Write one with rwdoctor repair drop --dry-run --plan-out FILE.");
  }
  const auto path = values["plan"].as<std::string>();
  const auto saved = repair::read_saved_plan(util::read_whole_file(path), path);
  const auto format = format_from(values);
  auto connection = connection_from(values);
  default_connection_to(connection, values, saved.database, saved.host, saved.port, saved.schema);
  auto apply = apply_options_from(values, "apply", args, connection, saved.action, err);
  if (!saved.repair_id.empty()) {
    apply.repair_id = saved.repair_id;
    apply.saved_plan = true;
  }
  if (saved.action == "all") {
    if (!apply_plan_confirmed(values,
                              fmt::format("plan {}: repair every incident it lists, in one transaction\n", path), in,
                              out)) {
      return not_applied(out);
    }
    return apply_saved_all_plan(values, connection, saved, apply, format, out);
  }
  if (saved.action == "restore" && values.count("from") == 0) {
    throw UsageError("applying a restore plan needs --from with the backup meta store",
                     "Pass the same backup the plan was made from; its connection string is never stored in the plan.");
  }
  const auto jobs = saved.request.jobs.size() == 1 ? "job" : "jobs";
  const auto objects = saved.oids.size() == 1 ? "object" : "objects";
  const auto what =
    saved.action == "restore"
      ? fmt::format("plan {}: restore the rows of {} {} from the backup\n", path, jobs,
                    fmt::join(saved.request.jobs, ", "))
      : fmt::format("plan {}: drop {} {} ({} {}{})\n", path, objects, fmt::join(saved.oids, ", "), jobs,
                    fmt::join(saved.request.jobs, ", "), saved.request.cascade ? ", cascade" : "");
  if (!apply_plan_confirmed(values, what, in, out)) {
    return not_applied(out);
  }
  if (saved.action == "restore") {
    return apply_saved_restore_plan(values, connection, saved, apply, format, out);
  }
  return apply_saved_drop_plan(connection, saved, apply, format, out);
}

} // namespace rwdoctor::cli
