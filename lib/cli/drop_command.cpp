// `rwdoctor repair drop`: drops broken jobs and their objects in one verified transaction with
// an undo file; and `rwdoctor apply` of the plans it saves.
#include "cli/repair_command.hpp"

#include "cli/options.hpp"
#include "cli/repair_flow.hpp"
#include "cli/repair_support.hpp"
#include "cli/terminal.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "db/meta_store_session.hpp"
#include "repair/drop_plan.hpp"
#include "repair/backup_reading.hpp"
#include "repair/plan_report.hpp"
#include "repair/repair_executor.hpp"
#include "report/text_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

namespace rwdoctor::cli {

namespace {

// The command line of a drop, read and checked.
struct DropCommand
{
  Format format = Format::text;
  db::ConnectionOptions connection;
  RepairMode mode;
  repair::DropRequest request;
  std::optional<db::ConnectionOptions> backup; // --from
  bool verbose = false;
  repair::ApplyOptions apply;
};

po::options_description
drop_options()
{
  po::options_description options("rwdoctor repair drop options");
  add_repair_options(options);
  options.add_options()
    ("job", po::value<std::vector<std::string>>()->composing(), "job to drop (repeatable)")
    ("cascade", "also drop objects that depend on the jobs")
    ("drop-running", "drop a job that runs (no finding of it stops it) all the same; refused otherwise")
    ("from", po::value<std::string>(), "a backup meta store: a job it holds is refused (restore it instead)")
    ("from-schema", po::value<std::string>(), "schema of the meta store in the backup (default: its current schema)")
    ("drop-unrestorable", "with --from, drop a job the backup holds all the same")
    ("dry-run", "show the plan, change nothing")
    ("plan-out", po::value<std::string>(), "write the plan to this file for 'rwdoctor apply'")
    ("max-objects", po::value<std::string>()->default_value("50"), "refuse plans that drop more objects")
    ("verbose", "list every temporary index statement of the plan (one line otherwise)");
  return options;
}

// `args` are the repair command's (the audit row records them). Checked in this order, so
// that an error names the first bad option.
DropCommand
drop_command_from(const po::variables_map& values, const std::vector<std::string>& args, std::ostream& err)
{
  DropCommand command;
  command.format = format_from(values);
  command.connection = connection_from(values);
  command.mode = repair_mode_from(values);
  command.request.jobs = job_ids_option(values);
  command.request.cascade = values.count("cascade") != 0;
  command.request.drop_running = values.count("drop-running") != 0;
  command.request.max_objects = positive_int_option(values, "max-objects", "objects");
  if (values.count("from") != 0) {
    command.backup = backup_connection(values, command.connection);
    command.request.backup_argument = backup_argument(values, *command.backup);
    command.request.live_arguments = connection_arguments(command.connection, "", nullptr);
  } else if (values.count("drop-unrestorable") != 0 || values.count("from-schema") != 0) {
    throw UsageError(fmt::format("--{} needs --from",
                                 values.count("drop-unrestorable") != 0 ? "drop-unrestorable" : "from-schema"),
                     "Give the backup meta store with --from, or leave the option out.");
  }
  command.request.drop_unrestorable = values.count("drop-unrestorable") != 0;
  command.verbose = values.count("verbose") != 0;
  command.apply = apply_options_from(values, "repair drop", args, command.connection, "drop", err);
  return command;
}

int
drop_report_applied(const repair::DropOutcome& outcome, Format format, const db::ConnectionOptions& connection,
                    std::ostream& out)
{
  if (outcome.nothing_to_do) {
    return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
  }
  if (format == Format::json) {
    out << applied_plan_json(repair::plan_json(outcome.plan), outcome.repair_id, outcome.undo_path, outcome.audit_id)
             .dump(2)
        << "\n";
  } else {
    fmt::print(out, "\ndropped {} object(s); the checks found nothing left of them.\n", outcome.plan.objects.size());
    out << applied_repair_footer("repair", outcome.undo_path, outcome.repair_id, outcome.audit_id, connection,
                                 outcome.plan.database, outcome.plan.server);
  }
  return to_int(ExitCode::repaired);
}

void
drop_show_plan(const repair::DropPlan& plan, Format format, bool verbose, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::plan_json(plan).dump(2) << "\n";
  } else {
    out << report::fitted_text(repair::render_plan_text(plan, verbose), output_width());
  }
}

// What --from tells the plan of `request`'s jobs, read once before any plan is made (the
// backup is a copy that does not change under the repair): which the backup could give back
// (repair::jobs_the_backup_holds) and their definitions there.
void
read_backup_gate(const db::ConnectionOptions& backup, repair::DropRequest& request)
{
  const auto source = repair::open_backup(backup);
  request.backup_holds = repair::jobs_the_backup_holds(*source, request.jobs);
  request.backup_definitions = repair::job_definitions(*source, request.jobs);
}

// The plan in a read-only snapshot, with the safety gates as they stand now.
repair::DropPlan
drop_dry_run_plan(const DropCommand& command, const repair::DropRequest& request)
{
  db::MetaStoreSession session(command.connection);
  auto gates_now = gate_refusals_now(session, command.apply.gates);
  auto plan = repair::plan_drop(session, request);
  plan.gates_now = std::move(gates_now);
  return plan;
}

repair::SavedPlan
drop_as_expected(const repair::DropPlan& plan)
{
  repair::SavedPlan saved;
  saved.request = plan.request;
  saved.oids = plan.oids();
  saved.rows_hash = plan.rows_hash;
  saved.database = plan.database;
  saved.schema = plan.schema;
  return saved;
}

int
drop_dry_run(const DropCommand& command, const po::variables_map& values, std::ostream& out, std::ostream& err)
{
  const auto plan = run_cancellable([&] { return drop_dry_run_plan(command, command.request); });
  if (plan.nothing_to_do) {
    return report_nothing_to_do(*plan.nothing_to_do, "", command.format, out);
  }
  drop_show_plan(plan, command.format, command.verbose, out);
  if (values.count("plan-out") != 0) {
    save_dry_run_plan(values, repair::plan_json(plan), command.apply.repair_id,
                      connection_arguments(command.connection, plan.database, &plan.server), err);
  } else if (command.format == Format::text && plan.refusals.empty()) {
    out << report::apply_plan_line(
      fmt::format("rwdoctor repair drop{}{}{}{}{}{} --yes", job_arguments(command.request.jobs),
                  command.request.cascade ? " --cascade" : "", command.request.drop_running ? " --drop-running" : "",
                  command.backup ? " --from " + command.request.backup_argument : "",
                  command.request.drop_unrestorable ? " --drop-unrestorable" : "",
                  connection_arguments(command.connection, plan.database, &plan.server)),
      output_width());
  }
  return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
}

// The plan shown before it is applied (RepairMode::shows_plan_first) and, without --yes, the
// DBA's yes to it. Sets `expected` to the plan shown; returns the exit code when the command
// ends here.
std::optional<int>
drop_plan_first(const DropCommand& command, std::optional<repair::SavedPlan>& expected, std::istream& in,
                std::ostream& out)
{
  const auto plan = run_cancellable([&] { return drop_dry_run_plan(command, command.request); });
  if (plan.nothing_to_do) {
    return report_nothing_to_do(*plan.nothing_to_do, "", command.format, out);
  }
  drop_show_plan(plan, Format::text, command.verbose, out);
  if (!plan.refusals.empty()) {
    return to_int(ExitCode::refused);
  }
  if (!command.mode.yes && !confirmed(in, out, "\napply this plan? [y/N] ")) {
    return not_applied(out);
  }
  expected = drop_as_expected(plan);
  return std::nullopt;
}

int
drop_apply(const DropCommand& command, const po::variables_map& values,
           const std::optional<repair::SavedPlan>& expected, std::ostream& out)
{
  const bool plan_shown = command.mode.shows_plan_first(command.format);
  PlanOutWriter plan_out(values, command.apply.repair_id);
  const InterruptGuard cancel_on_signal;
  const auto outcome =
    repair::apply_drop(command.connection, command.request, command.apply, expected, [&](const repair::DropPlan& plan) {
      plan_out.write_once([&] { return repair::plan_json(plan); });
      if (!plan_shown && command.format == Format::text) {
        drop_show_plan(plan, Format::text, command.verbose, out);
      }
    });
  return drop_report_applied(outcome, command.format, command.connection, out);
}

} // namespace

int
run_drop_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  const std::vector<std::string> rest(args.begin() + (args.front() == "drop" ? 1 : 0), args.end());
  const auto options = drop_options();
  const auto values = parse_options(rest, options, "repair drop");
  if (values.count("help") != 0) {
    return print_command_help(
      out, "Usage: rwdoctor repair drop --job ID [--job ID]... [--cascade] (--dry-run | --yes) [options]\n\n", options,
      "\nExit codes: 0 nothing to do, 1 repaired, 4 findings remain (dry run or skipped), 8 operational error (rolled "
      "back), 16 usage error, 32 refused or cancelled.\n");
  }
  auto command = drop_command_from(values, rest, err);
  const JobChoice choice{command.connection, checks::Repair::drop_job, "drop", [&](int job) {
                           auto single = command.request;
                           single.jobs = {job};
                           if (command.backup) {
                             read_backup_gate(*command.backup, single);
                           }
                           return report::fitted_text(
                             repair::render_plan_text(drop_dry_run_plan(command, single), command.verbose),
                             output_width());
                         }};
  if (const auto code = settle_jobs(command.request.jobs, command.mode, choice, in, out)) {
    return *code;
  }
  if (command.backup) {
    read_backup_gate(*command.backup, command.request);
  }
  if (command.mode.dry_run) {
    return drop_dry_run(command, values, out, err);
  }
  std::optional<repair::SavedPlan> expected;
  if (command.mode.shows_plan_first(command.format)) {
    if (const auto code = drop_plan_first(command, expected, in, out)) {
      return *code;
    }
  }
  return drop_apply(command, values, expected, out);
}

int
apply_saved_drop_plan(const db::ConnectionOptions& connection, const repair::SavedPlan& saved,
                      const repair::ApplyOptions& apply, Format format, std::ostream& out)
{
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_drop(connection, saved.request, apply, saved, [&](const repair::DropPlan& plan) {
    require_plan_target(saved, plan.database, plan.schema);
    if (format == Format::text) {
      out << report::fitted_text(repair::render_plan_text(plan), output_width());
    }
  });
  return drop_report_applied(outcome, format, connection, out);
}

} // namespace rwdoctor::cli
