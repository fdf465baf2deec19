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

int
run_restore_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
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
  const auto values = parse_options(args, options, "repair restore");
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << "Usage: rwdoctor repair restore --job ID [--job ID]... --from CONNINFO (--dry-run | --yes) [options]\n\n"
         << options
         << "\nExit codes: 1 restored, 4 findings remain (dry run or skipped), 8 operational error (rolled back), "
            "16 usage error, 32 refused or cancelled.\n";
    out << text.str();
    return to_int(ExitCode::clean);
  }
  if (values.count("from") == 0) {
    throw UsageError("repair restore needs --from with the backup meta store",
                     "Restore a pg_dump or a PITR clone into a scratch database and pass it with --from.");
  }
  const auto format = format_from(values);
  const auto connection = connection_from(values);
  const auto backup = backup_connection(values, connection);
  const bool dry_run = values.count("dry-run") != 0;
  const bool yes = values.count("yes") != 0;
  if (dry_run && yes) {
    throw UsageError("--dry-run and --yes exclude each other", k_yes_or_dry_run);
  }
  repair::RestoreRequest request;
  request.jobs = job_ids_option(values);
  if (values.count("keep-live") != 0) {
    request.keep_live = values["keep-live"].as<std::vector<std::string>>();
  }
  auto apply = apply_options_from(values, args, connection, "restore", err);
  apply.audit.arguments = redacted_command_line(args, connection);
  const bool terminal = interactive_terminal();
  const auto plan_now = [&](const repair::RestoreRequest& wanted) {
    db::MetaStoreSession live(connection);
    std::optional<std::vector<std::string>> gates_now;
    if (!apply.gates.allow_online) {
      gates_now = repair::gate_refusals(live, apply.gates, false); // before the plan's own connections
    }
    const auto source = repair::open_backup(backup);
    auto plan = repair::plan_restore(live, *source, db::describe_target(backup), wanted);
    plan.gates_now = std::move(gates_now);
    return plan;
  };
  const auto show = [&](const repair::RestorePlan& plan, Format as) {
    if (as == Format::json) {
      out << repair::restore_plan_json(plan).dump(2) << "\n";
    } else {
      out << report::fitted_text(repair::render_restore_plan_text(plan), output_width());
    }
  };

  if (request.jobs.empty()) {
    if (!terminal || dry_run || yes) {
      throw UsageError("repair restore needs --job ID when it cannot ask on a terminal",
                       "Name the jobs with --job (rwdoctor check lists them), or run it on a terminal to choose.");
    }
    try {
      request.jobs = choose_jobs(
      connection, checks::Repair::restore_fragments, "restore",
      [&](int job) {
        auto single = request;
        single.jobs = {job};
        return report::fitted_text(repair::render_restore_plan_text(plan_now(single)), output_width());
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
    throw UsageError("repair restore needs --dry-run or --yes when it is not run on a terminal", k_yes_or_dry_run);
  }

  if (dry_run) {
    const auto plan = run_cancellable([&] { return plan_now(request); });
    if (plan.nothing_to_do) {
      return report_nothing_to_do(*plan.nothing_to_do, "", format, out);
    }
    show(plan, format);
    if (values.count("plan-out") != 0) {
      const auto path = repair::absolute_path(values["plan-out"].as<std::string>());
      util::write_new_file_durably(path, saved_plan_text(repair::restore_plan_json(plan), apply.repair_id));
      fmt::print(err, "rwdoctor: plan written to {}; apply it with: rwdoctor apply {}{} --from {} --yes\n", path,
                 util::shell_quote(path), connection_arguments(connection, plan.database, &plan.server),
                 backup_argument(values, backup));
    } else if (format == Format::text && plan.refusals.empty()) {
      std::string keep;
      for (const auto& row : request.keep_live) {
        keep += " --keep-live " + util::shell_quote(row);
      }
      out << report::apply_plan_line(fmt::format("rwdoctor repair restore{} --from {}{}{} --yes",
                                                 job_arguments(request.jobs), backup_argument(values, backup), keep,
                                                 connection_arguments(connection, plan.database, &plan.server)),
                                     output_width());
    }
    return to_int(plan.refusals.empty() ? ExitCode::inconsistent : ExitCode::refused);
  }
  std::optional<std::string> expected;
  // On a terminal the plan comes first, also with --yes (see repair drop).
  const bool show_first = !yes || (terminal && format == Format::text);
  if (show_first) {
    const auto plan = run_cancellable([&] { return plan_now(request); });
    if (plan.nothing_to_do) {
      return report_nothing_to_do(*plan.nothing_to_do, "", format, out);
    }
    show(plan, Format::text);
    if (!plan.refusals.empty()) {
      return to_int(ExitCode::refused);
    }
    if (!yes && ask(in, out, "\napply this plan? [y/N] ") != "y") {
      fmt::print(out, "not applied; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
    expected = plan.rows_hash;
  }
  bool plan_written = false; // the callback runs again when a serialization failure is retried
  const InterruptGuard cancel_on_signal;
  const auto outcome = repair::apply_restore(connection, backup, request, apply, expected, [&](const repair::RestorePlan& plan) {
    if (values.count("plan-out") != 0 && !plan_written) {
      util::write_new_file_durably(values["plan-out"].as<std::string>(),
                                   saved_plan_text(repair::restore_plan_json(plan), apply.repair_id));
      plan_written = true;
    }
    if (!show_first && format == Format::text) {
      show(plan, Format::text);
    }
  });
  if (outcome.nothing_to_do) {
    return report_nothing_to_do(*outcome.nothing_to_do, outcome.repair_id, format, out);
  }
  if (format == Format::json) {
    auto document = repair::restore_plan_json(outcome.plan);
    document["applied"] = true;
    document["repair_id"] = outcome.repair_id;
    document["undo_file"] = outcome.undo_path;
    document["audit_id"] = outcome.audit_id == 0 ? repair::Json(nullptr) : repair::Json(outcome.audit_id);
    out << document.dump(2) << "\n";
  } else {
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
  }
  return to_int(ExitCode::repaired);
}


} // namespace rwdoctor::cli
