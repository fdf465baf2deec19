#include "cli/repair_support.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/prompt.hpp"
#include "cli/terminal.hpp"
#include "report/text_report.hpp"
#include "db/meta_store_session.hpp"
#include "core/error.hpp"
#include "repair/repair_checks.hpp"
#include "repair/sealed_document.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <istream>
#include <ostream>

namespace rwdoctor::cli {

namespace {

// Jobs whose findings offer `repair`, most severe first.
std::vector<std::pair<int, std::vector<checks::Finding>>>
repair_candidates(const db::ConnectionOptions& connection, checks::Repair repair)
{
  db::MetaStoreSession session(connection);
  const auto report = checks::run_checks(session, checks::Catalogue::builtin(), repair::repair_check_selection(), nullptr);
  std::vector<std::pair<int, std::vector<checks::Finding>>> candidates;
  for (const auto& finding : report.findings) {
    const bool offers = checks::offers_repair(finding.repairs, repair);
    if (!offers || !finding.job_id) {
      continue;
    }
    auto found = std::find_if(candidates.begin(), candidates.end(),
                              [&](const auto& candidate) { return candidate.first == *finding.job_id; });
    if (found == candidates.end()) {
      candidates.emplace_back(*finding.job_id, std::vector<checks::Finding>{});
      found = std::prev(candidates.end());
    }
    found->second.push_back(finding);
  }
  return candidates;
}

} // namespace

extern const char* const k_yes_or_dry_run;
const char* const k_yes_or_dry_run =
  "Pass --dry-run to see the plan or --yes to apply it; scripts must say which they mean.";

void
add_repair_options(po::options_description& options)
{
  add_connection_options(options);
  add_lease_option(options);
  options.add_options()
    ("help", "show this help")
    ("yes", "apply without asking")
    ("undo-file", po::value<std::string>(),
     "where to write the undo file (default $XDG_STATE_HOME/rwdoctor/undo or ~/.local/state/rwdoctor/undo)")
    ("allow-online", "skip the gates that refuse while a meta node or other clients look connected")
    ("ticket", po::value<std::string>(), "incident or change ticket, recorded in the audit row")
    ("no-audit-table", "do not write the audit row to rwdoctor.repair_log")
    ("format", po::value<std::string>()->default_value("text"), "output format: text or json");
}

repair::ApplyOptions
apply_options_from(const po::variables_map& values, const std::string& command, const std::vector<std::string>& args,
                   const db::ConnectionOptions& connection, const std::string& action, std::ostream& err)
{
  repair::ApplyOptions options;
  options.gates.allow_online = values.count("allow-online") != 0;
  options.gates.lease_seconds = lease_seconds_option(values);
  options.audit.enabled = values.count("no-audit-table") == 0;
  options.audit.ticket = text_option(values, "ticket");
  options.audit.arguments = redacted_command_line(command, args, connection);
  options.undo_path = repair::absolute_path(values.count("undo-file") != 0 ? values["undo-file"].as<std::string>()
                                                                           : repair::default_undo_path(action));
  options.repair_id = repair::new_repair_id();
  options.on_lock_wait = lock_wait_printer(err);
  return options;
}

int
report_nothing_to_do(const std::string& message, const std::string& repair_id, Format format, std::ostream& out)
{
  if (format == Format::json) {
    out << repair::Json{{"applied", false},
                        {"nothing_to_do", message},
                        {"repair_id", repair_id.empty() ? repair::Json(nullptr) : repair::Json(repair_id)}}
               .dump(2)
        << "\n";
  } else {
    out << report::fitted_text_line(message, output_width(), "  ");
  }
  return to_int(ExitCode::clean);
}

repair::Json
applied_plan_json(repair::Json plan, const std::string& repair_id, const std::string& undo_path, long audit_id)
{
  plan["applied"] = true;
  plan["repair_id"] = repair_id;
  plan["undo_file"] = undo_path;
  plan["audit_id"] = audit_id == 0 ? repair::Json(nullptr) : repair::Json(audit_id);
  return plan;
}

void
require_plan_target(const repair::SavedPlan& saved, const std::string& database, const std::string& schema)
{
  if (database != saved.database || schema != saved.schema) {
    throw RefusedError(fmt::format("the plan was made for database \"{}\" schema \"{}\", not \"{}\" \"{}\"",
                                   saved.database, saved.schema, database, schema),
                       "Point -d (and --schema) at the meta store the plan was made for.");
  }
}

std::string
saved_plan_text(repair::Json plan, const std::string& repair_id)
{
  plan["repair_id"] = repair_id;
  return repair::seal(std::move(plan));
}

void
default_connection_to(db::ConnectionOptions& connection, const po::variables_map& values, const std::string& database,
                      const std::string& host, const std::string& port, const std::string& schema)
{
  if (values.count("dbname") == 0 && values.count("host") == 0 && values.count("port") == 0) {
    connection.dbname = database;
    connection.host = host;
    connection.port = port;
  }
  if (values.count("schema") == 0) {
    connection.schema = schema;
  }
}

std::string
applied_repair_footer(const std::string& what, const std::string& undo_path, const std::string& repair_id,
                      long audit_id, const db::ConnectionOptions& connection, const std::string& database,
                      const db::ServerIdentity& server)
{
  auto text = fmt::format("repair id: {}\n", repair_id)
              + report::fitted_text_line(fmt::format("undo file: {} (on host {})", undo_path, repair::host_name()),
                                         output_width(), "  ");
  text += report::labelled_command("  ", fmt::format("to take the {} back", what),
                                   fmt::format("rwdoctor undo {}{} --yes", util::shell_quote(undo_path),
                                               connection_arguments(connection, database, &server)),
                                   output_width());
  if (repair::is_pending_undo_path(undo_path)) {
    text += "  (the repair committed, but its undo file kept its pending name: it could not be renamed)\n";
  }
  if (audit_id != 0) {
    text += fmt::format("audit row: rwdoctor.repair_log id {}\n", audit_id);
  }
  return text;
}

// The backup's connection: --from as a database name reuses live's -h/-p/-U; a conninfo
// string or URI stands on its own (with libpq's defaults).
db::ConnectionOptions
backup_connection(const po::variables_map& values, const db::ConnectionOptions& live)
{
  auto backup = live;
  backup.dbname = values["from"].as<std::string>();
  backup.schema = text_option(values, "from-schema");
  const bool standalone = backup.dbname.find('=') != std::string::npos || backup.dbname.rfind("postgres", 0) == 0;
  if (standalone) {
    backup.host.clear();
    backup.port.clear();
    backup.user.clear();
    // Another server or user: live's password is not the backup's; ask for its own.
    backup.password.clear();
    backup.ask_password = password_prompter(backup);
  }
  return backup;
}

std::string
backup_argument(const po::variables_map& values, const db::ConnectionOptions& backup)
{
  const auto given = values["from"].as<std::string>();
  if (given.find('=') == std::string::npos && given.rfind("postgres", 0) != 0) {
    return util::shell_quote(given);
  }
  const auto plain = db::public_connection(backup);
  std::string conninfo;
  const auto add = [&](const char* key, const std::string& value) {
    if (!value.empty()) {
      conninfo += fmt::format("{}{}={}", conninfo.empty() ? "" : " ", key, value);
    }
  };
  add("dbname", plain.dbname);
  add("host", plain.host);
  add("port", plain.port);
  add("user", plain.user);
  return util::shell_quote(conninfo);
}

// Walks the candidates of `repair`: act / skip / show SQL / quit. `plan_text` renders the
// plan of one job. Returns the chosen job ids; throws NothingToDo without candidates.
std::vector<int>
choose_jobs(const db::ConnectionOptions& connection, checks::Repair repair, const std::string& verb,
            const std::function<std::string(int)>& plan_text, std::istream& in, std::ostream& out)
{
  std::vector<int> chosen;
  const auto candidates = repair_candidates(connection, repair);
  if (candidates.empty()) {
    fmt::print(out, "no finding offers {}; nothing to do\n", checks::to_string(repair));
    throw NothingToDo{};
  }
  for (const auto& [job, findings] : candidates) {
    fmt::print(out, "\njob {} {}\n", job, findings.front().name.value_or("(name unknown)"));
    for (const auto& finding : findings) {
      fmt::print(out, "  [{}] {}: {}\n", finding.check, checks::to_string(finding.severity), finding.message);
    }
    for (;;) {
      const auto answer = ask(in, out, fmt::format("{} this job? [{}]{}, [s]kip, [v]iew SQL, [q]uit (default: skip): ", verb,
                                                   verb.substr(0, 1), verb.substr(1)));
      if (answer == verb.substr(0, 1) || answer == verb) {
        chosen.push_back(job);
        break;
      }
      if (answer.empty() || answer == "s" || answer == "skip") {
        break;
      }
      if (answer == "q" || answer == "quit") {
        return chosen;
      }
      if (answer == "v" || answer == "view" || answer == "sql") {
        out << plan_text(job);
        continue;
      }
      fmt::print(out, "please answer {}, s, v or q\n", verb.substr(0, 1));
    }
  }
  return chosen;
}

} // namespace rwdoctor::cli
