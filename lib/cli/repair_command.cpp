#include "cli/repair_command.hpp"

#include "cli/repair_support.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/options.hpp"
#include "cli/prompt.hpp"
#include "core/error.hpp"
#include "db/meta_store_session.hpp"
#include "repair/drop_plan.hpp"
#include "repair/plan_report.hpp"
#include "repair/repair_executor.hpp"
#include "repair/restore_plan.hpp"
#include "repair/sealed_document.hpp"
#include "repair/undo_file.hpp"
#include "util/durable_file.hpp"

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
report_applied(const repair::DropOutcome& outcome, Format format, std::ostream& out)
{
  if (format == Format::json) {
    auto document = repair::plan_json(outcome.plan);
    document["applied"] = true;
    document["undo_file"] = outcome.undo_path;
    document["audit_id"] = outcome.audit_id == 0 ? repair::Json(nullptr) : repair::Json(outcome.audit_id);
    out << document.dump(2) << "\n";
  } else {
    fmt::print(out, "\ndropped {} object(s); the checks found nothing left of them.\n", outcome.plan.objects.size());
    fmt::print(out, "undo file: {}\n  to take the repair back: rwdoctor undo {} --yes\n", outcome.undo_path,
               outcome.undo_path);
    if (outcome.audit_id != 0) {
      fmt::print(out, "audit row: rwdoctor.repair_log id {}\n", outcome.audit_id);
    }
  }
  return to_int(ExitCode::repaired);
}

void
show_plan(const repair::DropPlan& plan, Format format, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::plan_json(plan).dump(2) << "\n";
  } else {
    out << repair::render_plan_text(plan);
  }
}

repair::DropPlan
dry_run_plan(const db::ConnectionOptions& connection, const repair::DropRequest& request)
{
  db::MetaStoreSession session(connection);
  return repair::plan_drop(session, request);
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
  if (args.empty() || (args.front() != "drop" && args.front() != "--help")) {
    throw UsageError(args.empty() ? "repair needs an action" : fmt::format("unknown repair action '{}'", args.front()),
                     "Use 'rwdoctor repair drop --job ID ...' or 'rwdoctor repair restore --job ID --from CONNINFO ...'.");
  }
  const std::vector<std::string> rest(args.begin() + (args.front() == "drop" ? 1 : 0), args.end());
  po::options_description options("rwdoctor repair drop options");
  add_repair_options(options);
  options.add_options()
    ("job", po::value<std::vector<std::string>>()->composing(), "job to drop (repeatable)")
    ("cascade", "also drop objects that depend on the jobs")
    ("dry-run", "show the plan, change nothing")
    ("plan-out", po::value<std::string>(), "write the plan to this file for 'rwdoctor apply'")
    ("max-objects", po::value<std::string>()->default_value("50"), "refuse plans that drop more objects");
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
  auto apply = apply_options_from(values, args, connection, "drop");
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
        return repair::render_plan_text(dry_run_plan(connection, single));
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
    const auto plan = dry_run_plan(connection, request);
    show_plan(plan, format, out);
    if (values.count("plan-out") != 0) {
      const auto path = values["plan-out"].as<std::string>();
      util::write_new_file_durably(path, repair::seal(repair::plan_json(plan)));
      fmt::print(err, "rwdoctor: plan written to {}; apply it with: rwdoctor apply {} --yes\n", path, path);
    }
    return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
  }

  std::optional<repair::SavedPlan> expected;
  if (!yes) {
    const auto plan = dry_run_plan(connection, request);
    show_plan(plan, Format::text, out);
    if (!plan.refusals.empty()) {
      return to_int(ExitCode::refused);
    }
    if (ask(in, out, "\napply this plan? [y/N] ") != "y") {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
    expected = as_expected(plan);
  }
  bool plan_written = false; // the callback runs again when a serialization failure is retried
  const auto outcome = repair::apply_drop(connection, request, apply, expected, [&](const repair::DropPlan& plan) {
    if (values.count("plan-out") != 0 && !plan_written) {
      util::write_new_file_durably(values["plan-out"].as<std::string>(), repair::seal(repair::plan_json(plan)));
      plan_written = true;
    }
    if (yes && format == Format::text) {
      out << repair::render_plan_text(plan);
    }
  });
  return report_applied(outcome, format, out);
}


int
run_apply_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& /*err*/)
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
  const auto connection = connection_from(values);
  auto apply = apply_options_from(values, args, connection, saved.action);
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
  if (saved.action == "restore") {
    const auto backup = backup_connection(values, connection);
    const auto outcome = repair::apply_restore(connection, backup, repair::RestoreRequest{saved.request.jobs, saved.keep_live}, apply,
                                               saved.rows_hash, [&](const repair::RestorePlan& plan) {
                                                 if (format == Format::text) {
                                                   out << repair::render_restore_plan_text(plan);
                                                 }
                                               });
    fmt::print(out, "\nrestored; undo file: {}\n", outcome.undo_path);
    return to_int(ExitCode::repaired);
  }
  const auto outcome = repair::apply_drop(connection, saved.request, apply, saved, [&](const repair::DropPlan& plan) {
    if (plan.database != saved.database || plan.schema != saved.schema) {
      throw RefusedError(fmt::format("the plan was made for database \"{}\" schema \"{}\", not \"{}\" \"{}\"",
                                     saved.database, saved.schema, plan.database, plan.schema),
                         "Point -d (and --schema) at the meta store the plan was made for.");
    }
    if (format == Format::text) {
      out << repair::render_plan_text(plan);
    }
  });
  return report_applied(outcome, format, out);
}

int
run_undo_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& /*err*/)
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
  const auto path = values["file"].as<std::string>();
  const auto undo = repair::read_undo_document(util::read_whole_file(path), path);
  const auto connection = connection_from(values);
  const auto apply = apply_options_from(values, args, connection, "undo");
  std::size_t rows = 0;
  for (const auto& table : undo.tables) {
    rows += table.rows.size();
  }
  std::size_t inserted = 0;
  for (const auto& table : undo.inserted) {
    inserted += table.keys.size();
  }
  if (undo.action == "restore") {
    fmt::print(out, "undo {}: delete the {} row(s) a restore of job(s) {} inserted into database \"{}\" and set {} "
                    "column value(s) back\n",
               path, inserted, fmt::join(undo.oids, ", "), undo.database, undo.updated.size());
  } else {
    fmt::print(out, "undo {}: put back {} row(s) of {} object(s) ({}) removed from database \"{}\"\n", path, rows,
               undo.oids.size(), fmt::join(undo.oids, ", "), undo.database);
  }
  if (values.count("yes") == 0) {
    if (!interactive_terminal()) {
      throw UsageError("undo needs --yes when it is not run on a terminal", "Pass --yes to put the rows back.");
    }
    if (ask(in, out, "put these rows back? [y/N] ") != "y") {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
  }
  const auto outcome = repair::apply_undo(connection, undo, apply.gates, apply.audit, path);
  fmt::print(out, "{} {} row(s); the meta store is as it was before the repair\n",
             undo.action == "restore" ? "deleted" : "put back", outcome.rows);
  return to_int(ExitCode::clean);
}

} // namespace rwdoctor::cli
