// `rwdoctor repair all` and `rwdoctor repair fix`: every incident (or the named objects'
// fixes) in one plan, one transaction, one undo file.
#include "cli/repair_command.hpp"

#include "cli/all_plan_walk.hpp"
#include "cli/options.hpp"
#include "cli/repair_flow.hpp"
#include "cli/repair_support.hpp"
#include "cli/terminal.hpp"
#include "report/text_report.hpp"
#include "checks/catalogue.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "db/meta_store_session.hpp"
#include "repair/all_plan.hpp"
#include "repair/all_plan_report.hpp"
#include "repair/repair_executor.hpp"
#include "repair/undo_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <optional>
#include <ostream>

namespace rwdoctor::cli {

namespace {

struct AllContext
{
  const po::variables_map& values;
  db::ConnectionOptions connection;
  std::optional<db::ConnectionOptions> backup;
  repair::ApplyOptions apply;
  const char* name; // "all" or "fix"
};

po::options_description
all_options(bool fixes_only, const char* name)
{
  po::options_description options(fmt::format("rwdoctor repair {} options", name));
  add_repair_options(options);
  if (fixes_only) {
    options.add_options()
      ("object", po::value<std::vector<std::string>>()->composing(),
       "object whose finding to fix (repeatable; rwdoctor check names it)")
      ("check", po::value<std::vector<std::string>>()->composing(),
       "fix the incidents of this check (repeatable), e.g. sequence-behind");
  } else {
    options.add_options()
      ("from", po::value<std::string>(), "the backup meta store: database name, conninfo string or postgres:// URI")
      ("from-schema", po::value<std::string>(), "schema of the meta store in the backup (default: its current schema)")
      ("cascade", "drops also take the objects that depend on their jobs")
      ("drop-unrestorable", "drop a job whose restore from the backup is refused (never done otherwise: the backup "
                            "holds it)")
      ("max-objects", po::value<std::string>()->default_value("50"), "refuse drops of more objects");
  }
  options.add_options()
    ("dry-run", "show the plan, change nothing")
    ("plan-out", po::value<std::string>(), "write the plan to this file for 'rwdoctor apply'");
  return options;
}

int
print_all_help(bool fixes_only, const po::options_description& options, std::ostream& out)
{
  return print_command_help(
    out,
    fixes_only ? "Usage: rwdoctor repair fix (--object ID... | --check ID...) (--dry-run | --yes) [options]\n\n"
               : "Usage: rwdoctor repair all [--from CONNINFO] (--dry-run | --yes) [--plan-out PATH] [options]\n\n",
    options,
    "\nExit codes: 0 nothing to do, 1 every incident repaired, 4 incidents remain (dry run, or some not repairable: "
    "listed with why), 8 operational error (rolled back), 16 usage error, 32 refused or cancelled.\n");
}

// repair fix: the objects (--object) and checks (--check) whose incidents to fix, at least one.
void
select_fix_targets(const po::variables_map& values, repair::AllRequest& request)
{
  for (const auto& text : list_option(values, "object")) {
    int id = 0;
    if (!util::parse_int32(text, id) || id <= 0) {
      throw UsageError(fmt::format("--object takes an object id (a positive integer), not '{}'", text),
                       "Object ids are the object_id values that rwdoctor check reports.");
    }
    request.only_objects.push_back(id);
  }
  for (const auto& id : list_option(values, "check")) {
    request.only_checks.push_back(check_id_argument(id, "--check"));
  }
  if (request.only_objects.empty() && request.only_checks.empty()) {
    throw UsageError("repair fix needs --object ID or --check ID",
                     "Name the objects whose findings to fix, as rwdoctor check prints them; or run rwdoctor "
                     "repair all.");
  }
}

repair::AllRequest
all_command_request(const po::variables_map& values, bool fixes_only, bool with_backup)
{
  repair::AllRequest request;
  request.with_backup = with_backup;
  request.fixes_only = fixes_only;
  if (fixes_only) {
    select_fix_targets(values, request);
  } else {
    request.cascade = values.count("cascade") != 0;
    request.drop_unrestorable = values.count("drop-unrestorable") != 0;
    request.max_objects = positive_int_option(values, "max-objects", "objects");
  }
  return request;
}

repair::AllPlan
dry_run_all(const AllContext& context, const repair::AllRequest& request)
{
  db::MetaStoreSession live(context.connection);
  auto gates_now = gate_refusals_now(live, context.apply.gates);
  std::unique_ptr<db::MetaStoreSession> backup;
  if (context.backup) {
    backup = repair::open_backup(*context.backup);
  }
  auto plan = repair::plan_all(live, backup.get(), context.backup ? db::describe_target(*context.backup) : "", request);
  plan.gates_now = std::move(gates_now);
  return plan;
}

// The command that makes this plan again with --yes (choices made on a terminal are not
// flags: such a plan is applied where it was made, or saved with --plan-out).
std::string
all_apply_command_line(const AllContext& context, const repair::AllPlan& plan)
{
  std::string arguments;
  if (context.backup) {
    arguments += " --from " + backup_argument(context.values, *context.backup);
  }
  for (const int object : plan.request.only_objects) {
    arguments += fmt::format(" --object {}", object);
  }
  for (const auto& check : plan.request.only_checks) {
    arguments += fmt::format(" --check {}", check);
  }
  if (plan.request.cascade) {
    arguments += " --cascade";
  }
  if (plan.request.drop_unrestorable) {
    arguments += " --drop-unrestorable";
  }
  return fmt::format("rwdoctor repair {}{}{} --yes", context.name, arguments,
                     connection_arguments(context.connection, plan.database, &plan.server));
}

void
show_all_plan(const repair::AllPlan& plan, Format format, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::all_plan_json(plan).dump(2) << "\n";
  } else {
    out << repair::render_all_plan_text(plan);
  }
}

// A store without (selected) incidents has no plan to show: it gets "nothing to do".
bool
has_no_incident(const repair::AllPlan& plan)
{
  return plan.incident_count == 0 && plan.refusals.empty();
}

// What a store without (selected) incidents gets instead of a plan.
int
report_no_incident(bool fixes_only, Format format, std::ostream& out)
{
  return report_nothing_to_do(fixes_only ? "no incident of these objects; nothing to do"
                                         : "the checks found no incident; nothing to do",
                              "", format, out);
}

int
all_dry_run(const AllContext& context, const repair::AllRequest& request, Format format, std::ostream& out,
            std::ostream& err)
{
  const auto plan = run_cancellable([&] { return dry_run_all(context, request); });
  if (has_no_incident(plan)) {
    return report_no_incident(request.fixes_only, format, out);
  }
  show_all_plan(plan, format, out);
  if (context.values.count("plan-out") != 0) {
    save_dry_run_plan(context.values, repair::all_plan_json(plan), context.apply.repair_id,
                      connection_arguments(context.connection, plan.database, &plan.server)
                        + (context.backup ? " --from " + backup_argument(context.values, *context.backup) : ""),
                      err);
  } else if (format == Format::text && plan.refusals.empty() && !plan.steps.empty()) {
    out << report::apply_plan_line(all_apply_command_line(context, plan), output_width());
  }
  return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
}

// Before applying: without --yes the walk on the terminal, with --yes on a terminal the plan
// (RepairMode::shows_plan_first). Sets `expected` to the rows hash of the plan the DBA saw;
// returns the exit code when the command ends here.
std::optional<int>
all_plan_first(const AllContext& context, repair::AllRequest& request, const RepairMode& mode, Format format,
               std::optional<std::string>& expected, std::istream& in, std::ostream& out)
{
  if (!mode.shows_plan_first(format)) {
    return std::nullopt;
  }
  auto plan = run_cancellable([&] { return dry_run_all(context, request); });
  if (has_no_incident(plan)) {
    return report_no_incident(request.fixes_only, format, out);
  }
  if (!mode.yes) {
    const auto chosen = walk_all_plan_on_terminal(
      request, std::move(plan), [&](const repair::AllRequest& wanted) { return dry_run_all(context, wanted); }, in,
      out);
    if (!chosen) {
      return not_applied(out);
    }
    expected = chosen->rows_hash;
    return std::nullopt;
  }
  show_all_plan(plan, Format::text, out);
  if (!plan.refusals.empty()) {
    return to_int(ExitCode::refused);
  }
  expected = plan.rows_hash;
  return std::nullopt;
}

repair::Json
applied_all_json(const repair::AllOutcome& outcome)
{
  const auto& plan = outcome.plan;
  auto document = repair::all_plan_json(plan);
  document["applied"] = !plan.steps.empty();
  document["repair_id"] = plan.steps.empty() ? repair::Json(nullptr) : repair::Json(outcome.repair_id);
  document["undo_file"] = plan.steps.empty() ? repair::Json(nullptr) : repair::Json(outcome.undo_path);
  document["audit_id"] = outcome.audit_id == 0 ? repair::Json(nullptr) : repair::Json(outcome.audit_id);
  document["inconsistencies_after"] = outcome.inconsistencies_after;
  repair::Json resolved = repair::Json::array();
  for (const auto& incident : outcome.resolved_by_steps) {
    resolved.push_back(incident.id);
  }
  document["resolved_by_steps"] = resolved;
  return document;
}

void
print_applied_all_text(const AllContext& context, const repair::AllOutcome& outcome, std::ostream& out)
{
  const auto& plan = outcome.plan;
  if (plan.steps.empty()) {
    fmt::print(out, "\nno incident can be repaired by rwdoctor now; nothing was changed\n");
    return;
  }
  fmt::print(out, "\nrepaired {} of {} incident(s) in one transaction; the checks of the whole store\nfound "
                  "nothing new and nothing left of them.\n",
             plan.repaired_incidents(), plan.incident_count);
  for (const auto& resolved : outcome.resolved_by_steps) {
    out << report::fitted_text_line(fmt::format("incident {} ({}) went with the repairs before it: its finding is "
                                                "gone.",
                                                resolved.id, util::printable(resolved.title)),
                                    output_width(), "  ");
  }
  if (!plan.remaining.empty()) {
    fmt::print(out, "{} incident(s) not repaired (listed above with why).\n", plan.remaining.size());
  } else if (plan.request.only_objects.empty() && plan.request.only_checks.empty()
             && outcome.inconsistencies_after != 0) {
    fmt::print(out, "the checks still see {} finding(s) above info.\n", outcome.inconsistencies_after);
  }
  out << applied_repair_footer("repair", outcome.undo_path, outcome.repair_id, outcome.audit_id, context.connection,
                               plan.database, plan.server);
  if (plan.steps.size() > 1) {
    out << "  one step alone: add --incident N (the incident's number above), repeatable\n";
  }
}

int
report_applied_all(const AllContext& context, const repair::AllOutcome& outcome, Format format, std::ostream& out)
{
  if (outcome.nothing_to_do) {
    return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
  }
  const auto& plan = outcome.plan;
  if (format == Format::json) {
    out << applied_all_json(outcome).dump(2) << "\n";
  } else {
    print_applied_all_text(context, outcome, out);
    // Fitted as every other command it prints: on a terminal a long line is broken with a
    // trailing backslash, so what is copied from the screen still pastes whole.
    out << report::labelled_command(
      "", "to see the store now",
      "rwdoctor check" + connection_arguments(context.connection, plan.database, &plan.server), output_width());
  }
  if (plan.steps.empty() && plan.incident_count == 0) {
    return to_int(ExitCode::clean);
  }
  // repair fix answers for its objects only; repair all for the whole store.
  const bool all_repaired =
    plan.remaining.empty()
    && (!plan.request.only_objects.empty() || !plan.request.only_checks.empty() || outcome.inconsistencies_after == 0);
  return to_int(all_repaired ? ExitCode::repaired : ExitCode::inconsistent);
}

int
all_apply(const AllContext& context, const repair::AllRequest& request, bool plan_shown, Format format,
          const std::optional<std::string>& expected, std::ostream& out)
{
  PlanOutWriter plan_out(context.values, context.apply.repair_id);
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_all(context.connection, context.backup, request, context.apply, expected,
                                         [&](const repair::AllPlan& plan) {
                                           plan_out.write_once([&] { return repair::all_plan_json(plan); });
                                           if (!plan_shown && format == Format::text && !has_no_incident(plan)) {
                                             out << repair::render_all_plan_text(plan);
                                           }
                                         });
  if (!outcome.nothing_to_do && outcome.plan.incident_count == 0) {
    return report_no_incident(request.fixes_only, format, out);
  }
  return report_applied_all(context, outcome, format, out);
}

} // namespace

int
run_all_command(const std::vector<std::string>& args, bool fixes_only, std::istream& in, std::ostream& out,
                std::ostream& err)
{
  const char* name = fixes_only ? "fix" : "all";
  const auto options = all_options(fixes_only, name);
  const auto values = parse_options(args, options, fmt::format("repair {}", name));
  if (values.count("help") != 0) {
    return print_all_help(fixes_only, options, out);
  }
  // Checked in this order, so that an error names the first bad option.
  const auto format = format_from(values);
  AllContext context{values, connection_from(values), std::nullopt, {}, name};
  if (values.count("from") != 0) {
    context.backup = backup_connection(values, context.connection);
  }
  const auto mode = repair_mode_from(values);
  auto request = all_command_request(values, fixes_only, context.backup.has_value());
  context.apply = apply_options_from(values, fmt::format("repair {}", name), args, context.connection, name, err);
  require_dry_run_or_yes_off_terminal(mode, fmt::format("repair {}", name));
  if (mode.dry_run) {
    return all_dry_run(context, request, format, out, err);
  }
  std::optional<std::string> expected;
  if (const auto code = all_plan_first(context, request, mode, format, expected, in, out)) {
    return *code;
  }
  return all_apply(context, request, mode.shows_plan_first(format), format, expected, out);
}

int
apply_saved_all_plan(const po::variables_map& values, const db::ConnectionOptions& connection,
                     const repair::SavedPlan& saved, const repair::ApplyOptions& apply, Format format,
                     std::ostream& out)
{
  AllContext context{values, connection, std::nullopt, apply, saved.all_request.fixes_only ? "fix" : "all"};
  if (saved.all_request.with_backup) {
    if (values.count("from") == 0) {
      throw UsageError("applying this plan needs --from with the backup meta store",
                       "Pass the same backup the plan was made from; its connection string is never stored in the "
                       "plan.");
    }
    context.backup = backup_connection(values, connection);
  }
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_all(connection, context.backup, saved.all_request, apply, saved.rows_hash,
                                         [&](const repair::AllPlan& plan) {
                                           require_plan_target(saved, plan.database, plan.schema);
                                           if (format == Format::text && !has_no_incident(plan)) {
                                             out << repair::render_all_plan_text(plan);
                                           }
                                         });
  return report_applied_all(context, outcome, format, out);
}

} // namespace rwdoctor::cli
