#include "cli/repair_command.hpp"

#include "cli/repair_support.hpp"
#include "report/text_report.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/options.hpp"
#include "cli/prompt.hpp"
#include "cli/terminal.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "db/meta_store_session.hpp"
#include "repair/drop_plan.hpp"
#include "repair/plan_report.hpp"
#include "repair/repair_executor.hpp"
#include "repair/restore_plan.hpp"
#include "repair/sealed_document.hpp"
#include "repair/undo_file.hpp"
#include "util/durable_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <functional>
#include <istream>
#include <ostream>
#include <sstream>

namespace rwdoctor::cli {

namespace {

int
report_applied(const repair::DropOutcome& outcome, Format format, const db::ConnectionOptions& connection,
               std::ostream& out)
{
  if (outcome.nothing_to_do) {
    return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
  }
  if (format == Format::json) {
    auto document = repair::plan_json(outcome.plan);
    document["applied"] = true;
    document["repair_id"] = outcome.repair_id;
    document["undo_file"] = outcome.undo_path;
    document["audit_id"] = outcome.audit_id == 0 ? repair::Json(nullptr) : repair::Json(outcome.audit_id);
    out << document.dump(2) << "\n";
  } else {
    fmt::print(out, "\ndropped {} object(s); the checks found nothing left of them.\n", outcome.plan.objects.size());
    out << applied_repair_footer("repair", outcome.undo_path, outcome.repair_id, outcome.audit_id, connection,
                                 outcome.plan.database, outcome.plan.server);
  }
  return to_int(ExitCode::repaired);
}

void
show_plan(const repair::DropPlan& plan, Format format, bool verbose, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::plan_json(plan).dump(2) << "\n";
  } else {
    out << report::fitted_text(repair::render_plan_text(plan, verbose), output_width());
  }
}

// The plan in a read-only snapshot, with the safety gates as they stand now (read first,
// before the plan's checks open a sibling connection that the gates would count).
repair::DropPlan
dry_run_plan(const db::ConnectionOptions& connection, const repair::DropRequest& request,
             const repair::SafetyGates& gates)
{
  db::MetaStoreSession session(connection);
  std::optional<std::vector<std::string>> gates_now;
  if (!gates.allow_online) {
    gates_now = repair::gate_refusals(session, gates, false);
  }
  auto plan = repair::plan_drop(session, request);
  plan.gates_now = std::move(gates_now);
  return plan;
}

repair::SavedPlan
as_expected(const repair::DropPlan& plan)
{
  repair::SavedPlan saved;
  saved.request = plan.request;
  saved.oids = plan.oids();
  saved.rows_hash = plan.rows_hash;
  saved.database = plan.database;
  saved.schema = plan.schema;
  return saved;
}

} // namespace

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
  const std::vector<std::string> rest(args.begin() + (args.front() == "drop" ? 1 : 0), args.end());
  po::options_description options("rwdoctor repair drop options");
  add_repair_options(options);
  options.add_options()
    ("job", po::value<std::vector<std::string>>()->composing(), "job to drop (repeatable)")
    ("cascade", "also drop objects that depend on the jobs")
    ("dry-run", "show the plan, change nothing")
    ("plan-out", po::value<std::string>(), "write the plan to this file for 'rwdoctor apply'")
    ("max-objects", po::value<std::string>()->default_value("50"), "refuse plans that drop more objects")
    ("verbose", "list every temporary index statement of the plan (one line otherwise)");
  const auto values = parse_options(rest, options, "repair drop");
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << "Usage: rwdoctor repair drop --job ID [--job ID]... [--cascade] (--dry-run | --yes) [options]\n\n"
         << options
         << "\nExit codes: 0 nothing to do, 1 repaired, 4 findings remain (dry run or skipped), 8 operational "
            "error (rolled back), 16 usage error, 32 refused or cancelled.\n";
    out << text.str();
    return to_int(ExitCode::clean);
  }
  const auto format = format_from(values);
  const auto connection = connection_from(values);
  const bool dry_run = values.count("dry-run") != 0;
  const bool yes = values.count("yes") != 0;
  if (dry_run && yes) {
    throw UsageError("--dry-run and --yes exclude each other", k_yes_or_dry_run);
  }
  repair::DropRequest request;
  request.jobs = job_ids_option(values);
  request.cascade = values.count("cascade") != 0;
  request.max_objects = positive_int_option(values, "max-objects", "objects");
  const bool verbose = values.count("verbose") != 0;
  auto apply = apply_options_from(values, args, connection, "drop", err);
  const bool terminal = interactive_terminal();

  if (request.jobs.empty()) {
    if (!terminal || dry_run || yes) {
      throw UsageError("repair drop needs --job ID when it cannot ask on a terminal",
                       "Name the jobs with --job (rwdoctor check lists them), or run it on a terminal to choose.");
    }
    try {
      request.jobs = choose_jobs(
      connection, checks::Repair::drop_job, "drop",
      [&](int job) {
        auto single = request;
        single.jobs = {job};
        return report::fitted_text(repair::render_plan_text(dry_run_plan(connection, single, apply.gates), verbose),
                                   output_width());
      },
      in, out);
    } catch (const NothingToDo&) {
      return to_int(ExitCode::clean);
    }
    if (request.jobs.empty()) {
      fmt::print(out, "nothing chosen; nothing was changed\n");
      return to_int(ExitCode::inconsistent);
    }
  } else if (!dry_run && !yes && !terminal) {
    throw UsageError("repair drop needs --dry-run or --yes when it is not run on a terminal", k_yes_or_dry_run);
  }

  if (dry_run) {
    const auto plan = run_cancellable([&] { return dry_run_plan(connection, request, apply.gates); });
    if (plan.nothing_to_do) {
      return report_nothing_to_do(*plan.nothing_to_do, "", format, out);
    }
    show_plan(plan, format, verbose, out);
    if (values.count("plan-out") != 0) {
      const auto path = repair::absolute_path(values["plan-out"].as<std::string>());
      util::write_new_file_durably(path, saved_plan_text(repair::plan_json(plan), apply.repair_id));
      fmt::print(err, "rwdoctor: plan written to {}; apply it with: rwdoctor apply {}{} --yes\n", path,
                 util::shell_quote(path), connection_arguments(connection, plan.database, &plan.server));
    } else if (format == Format::text && plan.refusals.empty()) {
      out << report::apply_plan_line(fmt::format("rwdoctor repair drop{}{}{} --yes", job_arguments(request.jobs),
                                                 request.cascade ? " --cascade" : "",
                                                 connection_arguments(connection, plan.database, &plan.server)),
                                     output_width());
    }
    return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
  }

  std::optional<repair::SavedPlan> expected;
  // On a terminal the plan comes first, also with --yes: before any lock wait, and the repair
  // then applies exactly the plan shown (or refuses it as stale).
  const bool show_first = !yes || (terminal && format == Format::text);
  if (show_first) {
    const auto plan = run_cancellable([&] { return dry_run_plan(connection, request, apply.gates); });
    if (plan.nothing_to_do) {
      return report_nothing_to_do(*plan.nothing_to_do, "", format, out);
    }
    show_plan(plan, Format::text, verbose, out);
    if (!plan.refusals.empty()) {
      return to_int(ExitCode::refused);
    }
    if (!yes && ask(in, out, "\napply this plan? [y/N] ") != "y") {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
    expected = as_expected(plan);
  }
  bool plan_written = false; // the callback runs again when a serialization failure is retried
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_drop(connection, request, apply, expected, [&](const repair::DropPlan& plan) {
    if (values.count("plan-out") != 0 && !plan_written) {
      util::write_new_file_durably(values["plan-out"].as<std::string>(),
                                   saved_plan_text(repair::plan_json(plan), apply.repair_id));
      plan_written = true;
    }
    if (!show_first && format == Format::text) {
      out << report::fitted_text(repair::render_plan_text(plan, verbose), output_width());
    }
  });
  return report_applied(outcome, format, connection, out);
}


int
run_apply_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  po::options_description options("rwdoctor apply options");
  add_repair_options(options);
  options.add_options()("plan", po::value<std::string>(), "plan file written by --plan-out")(
    "from", po::value<std::string>(), "the backup meta store, for a restore plan")(
    "from-schema", po::value<std::string>(), "schema of the meta store in the backup");
  po::positional_options_description positional;
  positional.add("plan", 1);
  const auto values = parse_options(args, options, "apply", &positional);
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << "Usage: rwdoctor apply PLAN [--yes] [options]\n\n" << options;
    out << text.str();
    return to_int(ExitCode::clean);
  }
  if (values.count("plan") == 0) {
    throw UsageError("apply needs the plan file", "Write one with rwdoctor repair drop --dry-run --plan-out FILE.");
  }
  const auto path = values["plan"].as<std::string>();
  const auto saved = repair::read_saved_plan(util::read_whole_file(path), path);
  const auto format = format_from(values);
  auto connection = connection_from(values);
  default_connection_to(connection, values, saved.database, saved.host, saved.port, saved.schema);
  auto apply = apply_options_from(values, args, connection, saved.action, err);
  if (!saved.repair_id.empty()) {
    apply.repair_id = saved.repair_id;
    apply.saved_plan = true;
  }
  if (saved.action == "all") {
    if (values.count("yes") == 0) {
      if (!interactive_terminal()) {
        throw UsageError("apply needs --yes when it is not run on a terminal", "Pass --yes to apply the plan.");
      }
      fmt::print(out, "plan {}: repair every incident it lists, in one transaction\n", path);
      if (ask(in, out, "apply this plan? [y/N] ") != "y") {
        fmt::print(out, "not applied; nothing was changed\n");
        return to_int(ExitCode::refused);
      }
    }
    return apply_saved_all_plan(values, connection, saved, apply, format, out);
  }
  if (saved.action == "restore" && values.count("from") == 0) {
    throw UsageError("applying a restore plan needs --from with the backup meta store",
                     "Pass the same backup the plan was made from; its connection string is never stored in the plan.");
  }
  if (values.count("yes") == 0) {
    if (!interactive_terminal()) {
      throw UsageError("apply needs --yes when it is not run on a terminal", "Pass --yes to apply the plan.");
    }
    fmt::print(out, "plan {}: drop objects {} (jobs {}{})\n", path, fmt::join(saved.oids, ", "),
               fmt::join(saved.request.jobs, ", "), saved.request.cascade ? ", cascade" : "");
    if (ask(in, out, "apply this plan? [y/N] ") != "y") {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
  }
  const InterruptGuard cancel_on_signal;
  if (saved.action == "restore") {
    const auto backup = backup_connection(values, connection);
    repair::RestoreRequest request;
    request.jobs = saved.request.jobs;
    request.keep_live = saved.keep_live;
    const auto outcome = repair::apply_restore(connection, backup, request, apply,
                                               saved.rows_hash, [&](const repair::RestorePlan& plan) {
                                                 if (format == Format::text) {
                                                   out << report::fitted_text(repair::render_restore_plan_text(plan), output_width());
                                                 }
                                               });
    if (outcome.nothing_to_do) {
      return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
    }
    out << "\n"
        << report::fitted_text_line("restored the plan's rows; the checks of the jobs and their neighbours are clean.",
                                    output_width(), "")
        << "\n";
    out << applied_repair_footer("restore", outcome.undo_path, outcome.repair_id, outcome.audit_id, connection,
                                 outcome.plan.database, outcome.plan.server);
    return to_int(ExitCode::repaired);
  }
  const auto outcome = repair::apply_drop(connection, saved.request, apply, saved, [&](const repair::DropPlan& plan) {
    if (plan.database != saved.database || plan.schema != saved.schema) {
      throw RefusedError(fmt::format("the plan was made for database \"{}\" schema \"{}\", not \"{}\" \"{}\"",
                                     saved.database, saved.schema, plan.database, plan.schema),
                         "Point -d (and --schema) at the meta store the plan was made for.");
    }
    if (format == Format::text) {
      out << report::fitted_text(repair::render_plan_text(plan), output_width());
    }
  });
  return report_applied(outcome, format, connection, out);
}

int
run_undo_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  po::options_description options("rwdoctor undo options");
  add_repair_options(options);
  options.add_options()("file", po::value<std::string>(), "undo file written by a repair");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_options(args, options, "undo", &positional);
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << "Usage: rwdoctor undo UNDO_FILE [--yes] [options]\n\n" << options;
    out << text.str();
    return to_int(ExitCode::clean);
  }
  if (values.count("file") == 0) {
    throw UsageError("undo needs the undo file", "Repairs print the path of their undo file.");
  }
  const auto path = repair::absolute_path(values["file"].as<std::string>());
  const auto undo = repair::read_undo_document(util::read_whole_file(path), path);
  auto connection = connection_from(values);
  default_connection_to(connection, values, undo.database, undo.server ? undo.server->host : "",
                        undo.server ? undo.server->port : "", undo.schema);
  const auto apply = apply_options_from(values, args, connection, "undo", err);
  std::size_t rows = 0;
  for (const auto& table : undo.tables) {
    rows += table.rows.size();
  }
  std::size_t inserted = 0;
  for (const auto& table : undo.inserted) {
    inserted += table.keys.size();
  }
  const auto repair_named = undo.repair_id.empty() ? std::string() : fmt::format(" (repair {})", undo.repair_id);
  // What the file takes back; whether that is still to be done, the undo itself decides.
  std::string summary;
  if (undo.action == "all") {
    summary = fmt::format("undo {}{}: a repair{} in database \"{}\"; taking it back deletes the {} row(s) it inserted, "
                          "sets {} column value(s) back and puts back {} row(s) it removed",
                          path, repair_named,
                          undo.oids.empty() ? "" : fmt::format(" of object(s) {}", fmt::join(undo.oids, ", ")),
                          undo.database, inserted, undo.updated.size(), rows);
  } else if (undo.action == "restore") {
    summary = fmt::format("undo {}{}: a restore of job(s) {} in database \"{}\"; taking it back deletes the {} row(s) "
                          "it inserted and sets {} column value(s) back",
                          path, repair_named, fmt::join(undo.oids, ", "), undo.database, inserted, undo.updated.size());
  } else {
    summary = fmt::format("undo {}{}: a drop of {} object(s) ({}) in database \"{}\"; taking it back puts back {} row(s)",
                          path, repair_named, undo.oids.size(), fmt::join(undo.oids, ", "), undo.database, rows);
  }
  out << report::fitted_text_line(summary, output_width(), "") << "\n";
  if (values.count("yes") == 0) {
    if (!interactive_terminal()) {
      throw UsageError("undo needs --yes when it is not run on a terminal", "Pass --yes to take the repair back.");
    }
    // The question says what a yes does: a restore's undo deletes, a drop's inserts.
    const auto question =
      undo.action == "all" ? std::string("take this repair back? [y/N] ")
      : undo.action == "restore"
        ? fmt::format("delete the {} row(s) it inserted{}? [y/N] ", inserted,
                      undo.updated.empty() ? std::string() : fmt::format(" and set {} value(s) back", undo.updated.size()))
        : fmt::format("put these {} row(s) back? [y/N] ", rows);
    if (ask(in, out, question) != "y") {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
  }
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_undo(connection, undo, apply, path);
  if (outcome.nothing_to_do) {
    out << report::fitted_text_line(*outcome.nothing_to_do, output_width(), "  ");
    return to_int(ExitCode::clean);
  }
  if (undo.action == "all") {
    out << report::fitted_text_line(
      fmt::format("took the repair back: {} row(s) deleted or put back, {} column value(s) set back; the meta store "
                  "is as it was before the repair{}",
                  outcome.rows, undo.updated.size(),
                  undo.sequences.empty()
                    ? std::string()
                    : fmt::format(", except sequence(s) {}, which stay moved forward (harmless; setval is not "
                                  "transactional)",
                                  fmt::join(undo.sequences, ", "))),
      output_width(), "  ");
  } else {
    fmt::print(out, "{} {} row(s); the meta store is as it was before the repair\n",
               undo.action == "restore" ? "deleted" : "put back", outcome.rows);
  }
  if (outcome.audit_id != 0) {
    fmt::print(out, "audit row: rwdoctor.repair_log id {}\n", outcome.audit_id);
  }
  return to_int(ExitCode::clean);
}

} // namespace rwdoctor::cli
