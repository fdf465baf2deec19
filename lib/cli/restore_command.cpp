// `rwdoctor repair restore`: puts a job's rows back from a backup of the meta store, in one
// verified transaction with an undo file; and `rwdoctor apply` of the plans it saves.
#include "cli/repair_command.hpp"

#include "cli/options.hpp"
#include "cli/repair_flow.hpp"
#include "cli/repair_support.hpp"
#include "cli/terminal.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "db/meta_store_session.hpp"
#include "repair/plan_report.hpp"
#include "repair/repair_executor.hpp"
#include "repair/restore_plan.hpp"
#include "report/text_report.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

namespace rwdoctor::cli {

namespace {

// The command line of a restore, read and checked.
struct RestoreCommand
{
  Format format = Format::text;
  db::ConnectionOptions connection;
  db::ConnectionOptions backup;
  RepairMode mode;
  repair::RestoreRequest request;
  repair::ApplyOptions apply;
};

po::options_description
restore_options()
{
  po::options_description options("rwdoctor repair restore options");
  add_repair_options(options);
  options.add_options()
    ("job", po::value<std::vector<std::string>>()->composing(), "job whose fragments to restore (repeatable)")
    ("from", po::value<std::string>(), "the backup meta store: database name, conninfo string or postgres:// URI")
    ("from-schema", po::value<std::string>(), "schema of the meta store in the backup (default: its current schema)")
    ("keep-live", po::value<std::vector<std::string>>()->composing(),
     "keep this live row (TABLE:KEY, e.g. fragment_relation:2,8) instead of refusing (repeatable)")
    ("dry-run", "show the plan, change nothing")
    ("plan-out", po::value<std::string>(), "write the plan to this file for 'rwdoctor apply'");
  return options;
}

// Checked in this order, so that an error names the first bad option.
RestoreCommand
restore_command_from(const po::variables_map& values, const std::vector<std::string>& args, std::ostream& err)
{
  if (values.count("from") == 0) {
    throw UsageError("repair restore needs --from with the backup meta store",
                     "Restore a pg_dump or a PITR clone into a scratch database and pass it with --from.");
  }
  RestoreCommand command;
  command.format = format_from(values);
  command.connection = connection_from(values);
  command.backup = backup_connection(values, command.connection);
  command.mode = repair_mode_from(values);
  command.request.jobs = job_ids_option(values);
  if (values.count("keep-live") != 0) {
    command.request.keep_live = values["keep-live"].as<std::vector<std::string>>();
  }
  command.apply = apply_options_from(values, "repair restore", args, command.connection, "restore", err);
  return command;
}

// The plan of `wanted` in read-only snapshots of live and the backup, with the safety gates as
// they stand now.
repair::RestorePlan
restore_plan_now(const RestoreCommand& command, const repair::RestoreRequest& wanted)
{
  db::MetaStoreSession live(command.connection);
  auto gates_now = gate_refusals_now(live, command.apply.gates);
  const auto source = repair::open_backup(command.backup);
  auto plan = repair::plan_restore(live, *source, db::describe_target(command.backup), wanted);
  plan.gates_now = std::move(gates_now);
  return plan;
}

void
restore_show_plan(const repair::RestorePlan& plan, Format format, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::restore_plan_json(plan).dump(2) << "\n";
  } else {
    out << report::fitted_text(repair::render_restore_plan_text(plan), output_width());
  }
}

// The command that applies the plan of a dry run.
std::string
restore_apply_command(const RestoreCommand& command, const po::variables_map& values, const repair::RestorePlan& plan)
{
  std::string keep;
  for (const auto& row : command.request.keep_live) {
    keep += " --keep-live " + util::shell_quote(row);
  }
  return fmt::format("rwdoctor repair restore{} --from {}{}{} --yes", job_arguments(command.request.jobs),
                     backup_argument(values, command.backup), keep,
                     connection_arguments(command.connection, plan.database, &plan.server));
}

int
restore_dry_run(const RestoreCommand& command, const po::variables_map& values, std::ostream& out, std::ostream& err)
{
  const auto plan = run_cancellable([&] { return restore_plan_now(command, command.request); });
  if (plan.nothing_to_do) {
    return report_nothing_to_do(*plan.nothing_to_do, "", command.format, out);
  }
  restore_show_plan(plan, command.format, out);
  if (values.count("plan-out") != 0) {
    save_dry_run_plan(values, repair::restore_plan_json(plan), command.apply.repair_id,
                      connection_arguments(command.connection, plan.database, &plan.server) + " --from "
                        + backup_argument(values, command.backup),
                      err);
  } else if (command.format == Format::text && plan.refusals.empty()) {
    out << report::apply_plan_line(restore_apply_command(command, values, plan), output_width());
  }
  return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
}

// As drop's: the plan shown first, the DBA's yes, `expected` set to the rows hash shown.
std::optional<int>
restore_plan_first(const RestoreCommand& command, std::optional<std::string>& expected, std::istream& in,
                   std::ostream& out)
{
  const auto plan = run_cancellable([&] { return restore_plan_now(command, command.request); });
  if (plan.nothing_to_do) {
    return report_nothing_to_do(*plan.nothing_to_do, "", command.format, out);
  }
  restore_show_plan(plan, Format::text, out);
  if (!plan.refusals.empty()) {
    return to_int(ExitCode::refused);
  }
  if (!command.mode.yes && !confirmed(in, out, "\napply this plan? [y/N] ")) {
    return not_applied(out);
  }
  expected = plan.rows_hash;
  return std::nullopt;
}

// What an applied restore says: as JSON, the plan with the repair's id, undo file and audit
// row; as text, what was restored and how to take it back. From `repair restore` and from
// `apply` of a saved restore plan alike.
int
restore_report_applied(const repair::RestoreOutcome& outcome, Format format, const db::ConnectionOptions& connection,
                       std::ostream& out)
{
  if (outcome.nothing_to_do) {
    return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
  }
  if (format == Format::json) {
    out << applied_plan_json(repair::restore_plan_json(outcome.plan), outcome.repair_id, outcome.undo_path,
                             outcome.audit_id)
             .dump(2)
        << "\n";
    return to_int(ExitCode::repaired);
  }
  std::size_t rows = 0;
  for (const auto& [table, count] : outcome.plan.row_counts()) {
    rows += count;
  }
  out << "\n"
      << report::fitted_text_line(fmt::format("restored {} row(s) and {} column value(s); the checks of the job and "
                                              "its neighbours are clean.",
                                              rows, outcome.plan.changes.updates.size()),
                                  output_width(), "")
      << "\n";
  out << applied_repair_footer("restore", outcome.undo_path, outcome.repair_id, outcome.audit_id, connection,
                               outcome.plan.database, outcome.plan.server);
  return to_int(ExitCode::repaired);
}

int
restore_apply(const RestoreCommand& command, const po::variables_map& values,
              const std::optional<std::string>& expected, std::ostream& out)
{
  const bool plan_shown = command.mode.shows_plan_first(command.format);
  PlanOutWriter plan_out(values, command.apply.repair_id);
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_restore(command.connection, command.backup, command.request, command.apply,
                                             expected, [&](const repair::RestorePlan& plan) {
                                               plan_out.write_once([&] { return repair::restore_plan_json(plan); });
                                               if (!plan_shown && command.format == Format::text) {
                                                 restore_show_plan(plan, Format::text, out);
                                               }
                                             });
  return restore_report_applied(outcome, command.format, command.connection, out);
}

} // namespace

int
run_restore_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  const auto options = restore_options();
  const auto values = parse_options(args, options, "repair restore");
  if (values.count("help") != 0) {
    return print_command_help(
      out, "Usage: rwdoctor repair restore --job ID [--job ID]... --from CONNINFO (--dry-run | --yes) [options]\n\n",
      options,
      "\nExit codes: 1 restored, 4 findings remain (dry run or skipped), 8 operational error (rolled back), 16 usage "
      "error, 32 refused or cancelled.\n");
  }
  auto command = restore_command_from(values, args, err);
  const JobChoice choice{command.connection, checks::Repair::restore_fragments, "restore", [&](int job) {
                           auto single = command.request;
                           single.jobs = {job};
                           return report::fitted_text(
                             repair::render_restore_plan_text(restore_plan_now(command, single)), output_width());
                         }};
  if (const auto code = settle_jobs(command.request.jobs, command.mode, choice, in, out)) {
    return *code;
  }
  if (command.mode.dry_run) {
    return restore_dry_run(command, values, out, err);
  }
  std::optional<std::string> expected;
  if (command.mode.shows_plan_first(command.format)) {
    if (const auto code = restore_plan_first(command, expected, in, out)) {
      return *code;
    }
  }
  return restore_apply(command, values, expected, out);
}

int
apply_saved_restore_plan(const po::variables_map& values, const db::ConnectionOptions& connection,
                         const repair::SavedPlan& saved, const repair::ApplyOptions& apply, Format format,
                         std::ostream& out)
{
  const InterruptGuard cancel_on_signal;
  const auto backup = backup_connection(values, connection);
  repair::RestoreRequest request;
  request.jobs = saved.request.jobs;
  request.keep_live = saved.keep_live;
  const auto outcome =
    repair::apply_restore(connection, backup, request, apply, saved.rows_hash, [&](const repair::RestorePlan& plan) {
      if (format == Format::text) {
        restore_show_plan(plan, Format::text, out);
      }
    });
  return restore_report_applied(outcome, format, connection, out);
}

} // namespace rwdoctor::cli
