#include "cli/guard_command.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/options.hpp"
#include "core/error.hpp"
#include "db/meta_store_session.hpp"
#include "hummock/state_inspector.hpp"
#include "incidents/start_gate.hpp"
#include "report/guard_report.hpp"

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <ostream>
#include <set>
#include <sstream>

namespace rwdoctor::cli {

namespace {

po::options_description
guard_options()
{
  po::options_description options("rwdoctor guard options");
  add_connection_options(options);
  options.add_options()
    ("help", "show this help")
    ("allow", po::value<std::vector<std::string>>()->composing(),
     "let the meta node start despite the critical findings of this check, for this start only (repeatable)");
  return options;
}

const char* const k_guard_usage = R"(Usage: rwdoctor guard [connection options] [--allow CHECK-ID]...

The meta node's pre-start gate: runs the checks whose findings can be critical
(the meta node panics while it loads the catalog, or its next recovery loses a
job's state), read-only and in one snapshot, and says whether the meta node may
start. Run it before every start of the meta node: as an initContainer, an
ExecStartPre= line, or a docker compose service the meta node depends on.

)";

} // namespace

int
run_guard_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
  const auto options = guard_options();
  const auto values = parse_options(args, options, "guard");
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << k_guard_usage << options
         << "\nExit codes: 0 the meta node may start; 4 starting it would crash it or lose\n"
            "state (each blocking incident with the command that repairs it); 8 cannot tell\n"
            "(cannot connect, a check could not run); 16 usage error.\n";
    out << text.str();
    return to_int(ExitCode::clean);
  }
  const auto connection = connection_from(values);
  const auto& catalogue = checks::Catalogue::builtin();
  checks::CheckSelection selection;
  selection.check_ids = incidents::start_gate_checks(catalogue);
  selection.jobs = checks::default_connections();
  selection.warn_if_fewer_connections = false;
  std::set<std::string> allowed;
  for (const auto& text : list_option(values, "allow")) {
    const auto id = check_id_argument(text, "--allow");
    if (std::find(selection.check_ids.begin(), selection.check_ids.end(), id) == selection.check_ids.end()) {
      throw UsageError(fmt::format("guard does not run check '{}': its findings never block a start", id),
                       "Give --allow only the id of a check guard reported.");
    }
    allowed.insert(id);
  }

  db::MetaStoreSession session(connection);
  const auto commands = command_context(connection, session);
  const auto report = checks::run_checks(session, catalogue, selection, nullptr);
  hummock::StateInspector state(session);
  const auto judged = report::judge_start(report, allowed, commands, hummock::incident_state_source(state));
  for (const auto& warning : report.warnings) {
    fmt::print(err, "rwdoctor: warning: {}\n", warning);
  }
  out << judged.out;
  out.flush();
  err << judged.err;
  return to_int(judged.code);
}

} // namespace rwdoctor::cli
