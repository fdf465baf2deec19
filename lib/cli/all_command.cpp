// `rwdoctor repair all` and `rwdoctor repair fix`: every incident (or the named objects'
// fixes) in one plan, one transaction, one undo file.
#include "cli/repair_command.hpp"

#include "cli/options.hpp"
#include "cli/prompt.hpp"
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
#include "util/durable_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <istream>
#include <optional>
#include <ostream>
#include <sstream>

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

repair::AllPlan
dry_run_all(const AllContext& context, const repair::AllRequest& request)
{
  db::MetaStoreSession live(context.connection);
  std::optional<std::vector<std::string>> gates_now;
  if (!context.apply.gates.allow_online) {
    gates_now = repair::gate_refusals(live, context.apply.gates, false); // before the plan's own connections
  }
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
apply_command(const AllContext& context, const repair::AllPlan& plan)
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
show(const repair::AllPlan& plan, Format format, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::all_plan_json(plan).dump(2) << "\n";
  } else {
    out << repair::render_all_plan_text(plan);
  }
}

// The repairs incident `id` of `plan` can get at all: a restore when there is a backup and its
// root offers one, the fix and the drop when its root offers them.
std::vector<repair::StepKind>
offered_kinds(const repair::AllPlan& plan, int id, const repair::AllRequest& request)
{
  const checks::Finding* root = nullptr;
  for (const auto& step : plan.steps) {
    if (step.incident.id == id) {
      root = &step.incident.root;
    }
    for (const auto& other : step.joined) {
      if (other.id == id) {
        root = &other.root;
      }
    }
  }
  for (const auto& left : plan.remaining) {
    if (left.incident.id == id) {
      root = &left.incident.root;
    }
  }
  std::vector<repair::StepKind> kinds;
  if (root == nullptr) {
    return kinds;
  }
  const auto offers = [&](checks::Repair repair) {
    return std::find(root->repairs.begin(), root->repairs.end(), repair) != root->repairs.end();
  };
  if (request.with_backup && !request.fixes_only && root->job_id
      && (offers(checks::Repair::restore_fragments) || offers(checks::Repair::restore_rows))) {
    kinds.push_back(repair::StepKind::restore);
  }
  if (offers(checks::Repair::fix)) {
    kinds.push_back(repair::StepKind::fix);
  }
  if (!request.fixes_only && root->job_id && offers(checks::Repair::drop_job)) {
    kinds.push_back(repair::StepKind::drop);
  }
  return kinds;
}

// What a store without (selected) incidents gets instead of a plan.
std::string
no_incident_text(bool fixes_only)
{
  return fixes_only ? "no incident of these objects; nothing to do" : "the checks found no incident; nothing to do";
}

// On a terminal: the plan, then apply / choose / view / quit until the DBA applies or quits.
// Returns the plan to apply, or nullopt when the DBA quit.
std::optional<repair::AllPlan>
walk_on_terminal(const AllContext& context, repair::AllRequest& request, repair::AllPlan plan, std::istream& in,
                 std::ostream& out)
{
  bool reprint = true; // the plan changed, or something was shown over it
  for (;;) {
    if (reprint) {
      out << "\n" << repair::render_all_plan_text(plan);
    }
    reprint = false;
    if (!plan.refusals.empty()) {
      return std::nullopt;
    }
    const auto answer = ask(in, out, "\n[a]pply, [c]hoose an incident's repair, [v]iew its SQL, [n]o: ");
    if (answer == "a") {
      if (plan.steps.empty()) {
        fmt::print(out, "the plan repairs nothing; choose a repair, or [n]o\n");
        continue;
      }
      return plan;
    }
    if (answer == "c" || answer == "v") {
      // With one incident there is nothing to ask.
      const auto text = plan.incident_count == 1 ? std::string("1")
                                                 : ask(in, out, fmt::format("incident (1-{}): ", plan.incident_count));
      int id = 0;
      if (!util::parse_int32(text, id) || id < 1 || static_cast<std::size_t>(id) > plan.incident_count) {
        fmt::print(out, "no incident '{}'\n", util::printable(text));
        continue;
      }
      if (answer == "v") {
        bool shown = false;
        for (const auto& step : plan.steps) {
          if (step.incident.id == id) {
            out << "\n" << repair::render_step_text(step);
            shown = true;
          }
        }
        if (!shown) {
          fmt::print(out, "incident {} is not repaired by this plan; nothing to show\n", id);
        }
        ask(in, out, "press Enter to go back to the plan ");
        reprint = true;
        continue;
      }
      // Only the repairs the incident's root finding offers; one that plans with a refusal
      // is explained below and the plan stays as it was.
      const auto offered = offered_kinds(plan, id, request);
      std::string menu;
      for (const auto kind : offered) {
        const auto name = repair::to_string(kind);
        menu += fmt::format("[{}]{}, ", name.substr(0, 1), name.substr(1));
      }
      const auto choice = ask(in, out, fmt::format("repair incident {} by {}or [s]kip it: ", id, menu));
      std::optional<repair::StepKind> kind;
      bool known = choice == "s";
      for (const auto candidate : offered) {
        if (choice == repair::to_string(candidate).substr(0, 1)) {
          kind = candidate;
          known = true;
        }
      }
      if (!known) {
        fmt::print(out, "no such choice '{}'\n", util::printable(choice));
        continue;
      }
      auto previous = request.choices;
      request.choices[id] = kind;
      auto chosen = run_cancellable([&] { return dry_run_all(context, request); });
      const auto refused = std::find_if(chosen.remaining.begin(), chosen.remaining.end(),
                                        [&](const repair::RemainingIncident& left) { return left.incident.id == id; });
      if (kind && refused != chosen.remaining.end()) {
        // The plan stays as it was: say why, where the eye is, instead of printing it again.
        fmt::print(out, "incident {} cannot be repaired that way: {}\nthe plan stays as it was.\n", id,
                   util::printable(refused->why.front()));
        request.choices = std::move(previous);
        continue;
      }
      plan = std::move(chosen);
      reprint = true;
      continue;
    }
    if (answer == "n" || answer == "q" || answer.empty()) {
      return std::nullopt;
    }
    fmt::print(out, "no such choice '{}'\n", util::printable(answer));
  }
}

int
report_applied_all(const AllContext& context, const repair::AllOutcome& outcome, Format format, std::ostream& out)
{
  if (outcome.nothing_to_do) {
    return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
  }
  const auto& plan = outcome.plan;
  // repair fix answers for its objects only; repair all for the whole store.
  const bool all_repaired =
    plan.remaining.empty()
    && (!plan.request.only_objects.empty() || !plan.request.only_checks.empty() || outcome.inconsistencies_after == 0);
  if (format == Format::json) {
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
    out << document.dump(2) << "\n";
  } else if (plan.steps.empty()) {
    fmt::print(out, "\nno incident can be repaired by rwdoctor now; nothing was changed\n");
  } else {
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
  }
  if (format == Format::text) {
    fmt::print(out, "to see the store now: rwdoctor check{}\n",
               connection_arguments(context.connection, plan.database, &plan.server));
  }
  if (plan.steps.empty() && plan.incident_count == 0) {
    return to_int(ExitCode::clean);
  }
  return to_int(all_repaired ? ExitCode::repaired : ExitCode::inconsistent);
}

} // namespace

int
run_all_command(const std::vector<std::string>& args, bool fixes_only, std::istream& in, std::ostream& out,
                std::ostream& err)
{
  const char* name = fixes_only ? "fix" : "all";
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
  const auto values = parse_options(args, options, fmt::format("repair {}", name));
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << (fixes_only ? "Usage: rwdoctor repair fix (--object ID... | --check ID...) (--dry-run | --yes) [options]\n\n"
                        : "Usage: rwdoctor repair all [--from CONNINFO] (--dry-run | --yes) [--plan-out PATH] "
                          "[options]\n\n")
         << options
         << "\nExit codes: 0 nothing to do, 1 every incident repaired, 4 incidents remain (dry run, or some not "
            "repairable: listed with why), 8 operational error (rolled back), 16 usage error, 32 refused or "
            "cancelled.\n";
    out << text.str();
    return to_int(ExitCode::clean);
  }
  const auto format = format_from(values);
  AllContext context{values, connection_from(values), std::nullopt, {}, name};
  if (values.count("from") != 0) {
    context.backup = backup_connection(values, context.connection);
  }
  const bool dry_run = values.count("dry-run") != 0;
  const bool yes = values.count("yes") != 0;
  if (dry_run && yes) {
    throw UsageError("--dry-run and --yes exclude each other", k_yes_or_dry_run);
  }
  repair::AllRequest request;
  request.with_backup = context.backup.has_value();
  request.fixes_only = fixes_only;
  if (fixes_only) {
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
  } else {
    request.cascade = values.count("cascade") != 0;
    request.drop_unrestorable = values.count("drop-unrestorable") != 0;
    request.max_objects = positive_int_option(values, "max-objects", "objects");
  }
  context.apply = apply_options_from(values, args, context.connection, name, err);
  context.apply.audit.arguments = redacted_command_line(args, context.connection);
  const bool terminal = interactive_terminal();
  if (!dry_run && !yes && !terminal) {
    throw UsageError(fmt::format("repair {} needs --dry-run or --yes when it is not run on a terminal", name),
                     k_yes_or_dry_run);
  }

  if (dry_run) {
    const auto plan = run_cancellable([&] { return dry_run_all(context, request); });
    if (plan.incident_count == 0 && plan.refusals.empty()) {
      return report_nothing_to_do(no_incident_text(fixes_only),
                                  "", format, out);
    }
    show(plan, format, out);
    if (values.count("plan-out") != 0) {
      const auto path = repair::absolute_path(values["plan-out"].as<std::string>());
      util::write_new_file_durably(path, saved_plan_text(repair::all_plan_json(plan), context.apply.repair_id));
      fmt::print(err, "rwdoctor: plan written to {}; apply it with: rwdoctor apply {}{}{} --yes\n", path,
                 util::shell_quote(path), connection_arguments(context.connection, plan.database, &plan.server),
                 context.backup ? " --from " + backup_argument(values, *context.backup) : "");
    } else if (format == Format::text && plan.refusals.empty() && !plan.steps.empty()) {
      out << report::apply_plan_line(apply_command(context, plan), output_width());
    }
    return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
  }

  std::optional<std::string> expected;
  const bool show_first = !yes || (terminal && format == Format::text);
  if (!yes) {
    auto first = run_cancellable([&] { return dry_run_all(context, request); });
    if (first.incident_count == 0 && first.refusals.empty()) {
      return report_nothing_to_do(no_incident_text(fixes_only),
                                  "", format, out);
    }
    auto chosen = walk_on_terminal(context, request, std::move(first), in, out);
    if (!chosen) {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
    expected = chosen->rows_hash;
  } else if (show_first) {
    const auto plan = run_cancellable([&] { return dry_run_all(context, request); });
    if (plan.incident_count == 0 && plan.refusals.empty()) {
      return report_nothing_to_do(no_incident_text(fixes_only), "", format, out);
    }
    show(plan, Format::text, out);
    if (!plan.refusals.empty()) {
      return to_int(ExitCode::refused);
    }
    expected = plan.rows_hash;
  }
  bool plan_written = false; // the callback runs again when a serialization failure is retried
  const InterruptGuard cancel_on_signal;
  const auto outcome =
    repair::apply_all(context.connection, context.backup, request, context.apply, expected,
                      [&](const repair::AllPlan& plan) {
                        if (values.count("plan-out") != 0 && !plan_written) {
                          util::write_new_file_durably(values["plan-out"].as<std::string>(),
                                                       saved_plan_text(repair::all_plan_json(plan),
                                                                       context.apply.repair_id));
                          plan_written = true;
                        }
                        // A store without incidents has no plan to show: "nothing to do" follows.
                        if (!show_first && format == Format::text && (plan.incident_count != 0 || !plan.refusals.empty())) {
                          out << repair::render_all_plan_text(plan);
                        }
                      });
  if (!outcome.nothing_to_do && outcome.plan.incident_count == 0) {
    return report_nothing_to_do(no_incident_text(fixes_only),
                                "", format, out);
  }
  return report_applied_all(context, outcome, format, out);
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
                                           if (plan.database != saved.database || plan.schema != saved.schema) {
                                             throw RefusedError(
                                               fmt::format("the plan was made for database \"{}\" schema \"{}\", not "
                                                           "\"{}\" \"{}\"",
                                                           saved.database, saved.schema, plan.database, plan.schema),
                                               "Point -d (and --schema) at the meta store the plan was made for.");
                                           }
                                           if (format == Format::text
                                               && (plan.incident_count != 0 || !plan.refusals.empty())) {
                                             out << repair::render_all_plan_text(plan);
                                           }
                                         });
  return report_applied_all(context, outcome, format, out);
}

} // namespace rwdoctor::cli
