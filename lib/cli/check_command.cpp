#include "cli/check_command.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/options.hpp"
#include "cli/repair_support.hpp"
#include "cli/terminal.hpp"
#include "core/error.hpp"
#include "db/meta_store_session.hpp"
#include "hummock/state_inspector.hpp"
#include "incidents/commands.hpp"
#include "repair/backup_reading.hpp"
#include "repair/repair_executor.hpp"
#include "report/check_renderer.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "util/text.hpp"

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <memory>
#include <ostream>
#include <sstream>


namespace rwdoctor::cli {

namespace {

// Only blob-malformed's scan spreads over connections, one protobuf column per connection at a
// time, so more connections than columns could never help.
constexpr int k_max_jobs = 16;

po::options_description
check_options()
{
  po::options_description options("rwdoctor check options");
  add_connection_options(options);
  add_lease_option(options);
  add_selection_options(options);
  options.add_options()
    ("help", "show this help")
    ("format", po::value<std::string>()->default_value("text"), "output format: text or json")
    ("connections", po::value<std::string>(),
     "read with N connections sharing one snapshot (default 2 on a machine with two cores or more, else 1): "
     "the protobuf scan runs beside the other checks")
    ("jobs", po::value<std::string>(), "the same as --connections (no short form: -j was too close to --job)")
    ("from", po::value<std::string>(),
     "a backup meta store (database name, conninfo or postgres:// URI), read-only: each incident says whether "
     "the backup holds its job, lacks it or has the same fault, and nameless objects get the backup's names")
    ("from-schema", po::value<std::string>(), "schema of the meta store in the backup (default: its current schema)")
    ("quiet,q", "print only findings of severity warning and above")
    ("verbose,v", "with each finding its consequence, meta-node behaviour and inspect SQL (the default when "
                  "the output is not a terminal)");
  return options;
}

// --connections (or --jobs, its older name) into `selection`; an error names the one the user
// typed.
void
select_connections(const po::variables_map& values, checks::CheckSelection& selection)
{
  if (values.count("connections") != 0 && values.count("jobs") != 0) {
    throw UsageError("--connections and --jobs are the same option", "Give --connections only.");
  }
  const char* connections_name = values.count("jobs") != 0 ? "jobs" : "connections";
  selection.jobs = values.count(connections_name) != 0 ? positive_int_option(values, connections_name, "connections")
                                                          : checks::default_connections();
  selection.warn_if_fewer_connections = values.count(connections_name) != 0;
  if (selection.jobs > k_max_jobs) {
    throw UsageError(fmt::format("--{} takes at most {} connections, not {}", connections_name, k_max_jobs,
                                 selection.jobs),
                     "Two connections use two cores; more help only when the server has more cores to spare.");
  }
}

// --quiet or --verbose. Without either: on a terminal one line per finding, so that the end of
// the report (what to do) stays on the screen; in a file or a pipe every detail.
report::Verbosity
check_verbosity(const po::variables_map& values)
{
  const bool quiet = values.count("quiet") != 0;
  const bool verbose = values.count("verbose") != 0;
  if (quiet && verbose) {
    throw UsageError("--quiet and --verbose contradict each other", "Give one of them.");
  }
  return quiet                                ? report::Verbosity::quiet
         : verbose || !stdout_is_terminal() ? report::Verbosity::normal
                                              : report::Verbosity::compact;
}

report::CheckRenderer
check_renderer(Format format, const checks::Catalogue& catalogue, report::Verbosity verbosity,
               const incidents::CommandContext& commands)
{
  const auto colour = stdout_is_terminal() && !no_color_requested() ? report::Colour::on : report::Colour::off;
  return format == Format::json ? report::CheckRenderer::json(commands)
                                : report::CheckRenderer::text(catalogue, colour, verbosity, commands, output_width());
}

void
report_missing_tables(const checks::CheckRun& run, std::ostream& err)
{
  for (const auto& table : run.meta_store.missing_tables) {
    fmt::print(err, "rwdoctor: error: the meta store in schema \"{}\" is missing table \"{}\"\n", run.meta_store.schema,
               table);
    fmt::print(err, "HINT: Restore the table from a backup of the meta store; checks that need it cannot run.\n");
  }
}

// After the report, so that it is on the screen when the report ends.
void
warn_live_meta_leader(const checks::CheckRun& run, int lease_seconds, std::ostream& out, std::ostream& err)
{
  if (run.meta_store.leader_heartbeat_age_s && *run.meta_store.leader_heartbeat_age_s < lease_seconds) {
    out.flush();
    fmt::print(err,
               "rwdoctor: warning: the meta leader's last heartbeat is {:.0f} s old (fresher than --lease-secs {}): "
               "the meta node looks alive\n",
               *run.meta_store.leader_heartbeat_age_s, lease_seconds);
    fmt::print(err, "HINT: Stop the meta node before repairing; results may change while it runs.\n");
  }
}

// Checks that could not run (for another reason than missing tables): the store was not fully
// checked.
void
report_incomplete_run(const checks::CheckRun& run, std::ostream& err)
{
  fmt::print(err, "rwdoctor: error: some checks could not run, so the meta store was not fully checked\n");
  // One HINT line: the first failed check's own hint (a timeout names --statement-timeout,
  // a permission error the GRANT), else a general one.
  const auto with_hint = std::find_if(run.checks.begin(), run.checks.end(), [](const checks::CheckOutcome& outcome) {
    return outcome.status == checks::CheckStatus::failed && !outcome.hint.empty();
  });
  fmt::print(err, "HINT: {}\n",
             with_hint != run.checks.end() ? with_hint->hint
                                           : "See the failed checks above; fix access or timeouts and run rwdoctor "
                                             "check again.");
}

} // namespace

int
run_check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
  const auto options = check_options();
  const auto values = parse_options(args, options, "check");
  if (values.count("help") != 0) {
    return print_command_help(out, "Usage: rwdoctor check [options]\n\n", options,
                              "\nExit codes: 0 clean, 4 inconsistencies found, 8 operational error or a check could "
                              "not run, 16 usage error.\n");
  }
  const auto format = format_from(values);
  auto connection = connection_from(values);
  const int lease_seconds = lease_seconds_option(values);
  auto selection = selection_from(values, connection);
  select_connections(values, selection);
  const auto verbosity = check_verbosity(values);
  const auto& catalogue = checks::Catalogue::builtin();

  db::MetaStoreSession session(connection);
  require_jobs_exist(session, selection.job_ids);
  TerminalProgress progress(err, verbosity != report::Verbosity::quiet && stderr_is_terminal());
  // Findings stream from the runner into the renderer's spool files, so memory does not grow
  // with their number; nothing reaches `out` before the run is complete. The commands an
  // incident prints name the meta store this run reached, as pasted later.
  auto commands = command_context(connection, session);
  // --from: the backup, read in its own read-only snapshot when the report is written.
  std::unique_ptr<db::MetaStoreSession> backup;
  if (values.count("from") != 0) {
    const auto backup_options = backup_connection(values, connection);
    commands.backup_argument = backup_argument(values, backup_options);
    backup = repair::open_backup(backup_options);
  } else if (values.count("from-schema") != 0) {
    throw UsageError("--from-schema needs --from", "Give the backup meta store with --from, or leave it out.");
  }
  auto renderer = check_renderer(format, catalogue, verbosity, commands);
  // Each incident's state in Hummock, read in the same snapshot when the report is written.
  hummock::StateInspector state(session);
  renderer.set_state_source(hummock::incident_state_source(state));
  if (backup) {
    renderer.set_backup_source([&backup](const auto& roots, const auto& nameless) {
      return repair::read_backup_facts(*backup, roots, nameless);
    });
  }
  const auto run = checks::run_checks(session, catalogue, selection, &progress, renderer);
  for (const auto& warning : run.warnings) {
    fmt::print(err, "rwdoctor: warning: {}\n", warning);
  }
  report_missing_tables(run, err);
  renderer.finish(out, run);
  warn_live_meta_leader(run, lease_seconds, out, err);
  const auto code = checks::verdict(run, renderer.inconsistency_found());
  if (code == ExitCode::operational && run.meta_store.missing_tables.empty()) {
    report_incomplete_run(run, err);
  }
  return to_int(code);
}

int
run_checks_command(const std::vector<std::string>& args, std::ostream& out)
{
  po::options_description options("rwdoctor checks options");
  options.add_options()("help", "show this help")(
    "format", po::value<std::string>()->default_value("text"), "output format: text or json");
  const auto values = parse_options(args, options, "checks");
  if (values.count("help") != 0) {
    out << "Usage: rwdoctor checks [--format text|json]\n";
    return to_int(ExitCode::clean);
  }
  const auto format = format_from(values);
  const auto& catalogue = checks::Catalogue::builtin();
  out << (format == Format::json ? report::render_catalogue_json(catalogue)
                                 : report::render_catalogue_text(catalogue, output_width()));
  return to_int(ExitCode::clean);
}

int
run_explain_command(const std::vector<std::string>& args, std::ostream& out)
{
  po::options_description options("rwdoctor explain options");
  options.add_options()("help", "show this help")("id", po::value<std::string>(), "check id or invariant (INV-08)")(
    "sql", "print the check's queries (every variant) instead of its explanation");
  po::positional_options_description positional;
  positional.add("id", 1);
  const auto values = parse_options(args, options, "explain", &positional);
  if (values.count("help") != 0) {
    out << "Usage: rwdoctor explain ID [--sql]   a check (its id or invariant, e.g. INV-08): what it\n"
           "                                     tests, what the meta node does, what to do;\n"
           "                                     --sql prints its queries\n"
           "       rwdoctor explain passes       the order in which incidents are repaired\n";
    return to_int(ExitCode::clean);
  }
  if (values.count("id") == 0) {
    throw UsageError("explain needs a check id", "Run 'rwdoctor checks' to list the check ids.");
  }
  const auto id = values["id"].as<std::string>();
  const auto& catalogue = checks::Catalogue::builtin();
  if (id == "passes") {
    out << report::render_passes_text(catalogue);
    return to_int(ExitCode::clean);
  }
  const auto check = check_id_argument(id, "");
  out << (values.count("sql") != 0 ? report::render_explain_sql(catalogue, check)
                                   : report::render_explain_text(catalogue, check));
  return to_int(ExitCode::clean);
}

} // namespace rwdoctor::cli
