#include "cli/cli.hpp"

#include "cli/check_command.hpp"
#include "cli/guard_command.hpp"
#include "cli/help.hpp"
#include "cli/repair_command.hpp"
#include "cli/terminal.hpp"
#include "cli/watch_command.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "core/version.hpp"
#include "report/text_report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <pqxx/except>

#include <ostream>
#include <string>
#include <vector>

namespace rwdoctor::cli {

namespace {

// On a terminal the lines are broken at spaces to its width: a wrap inside a word cuts an
// option ("--allow-online") or a name in two.
void
print_error(std::ostream& err, std::string_view message, std::string_view hint)
{
  const auto width = error_width();
  err << report::fitted_text_line(fmt::format("rwdoctor: error: {}", message), width, "  ");
  if (!hint.empty()) {
    err << report::fitted_text_line(fmt::format("HINT: {}", hint), width, "  ");
  }
}

// The one place an error reaches the user: its message and hint, and its exit code.
int
report_failure(std::ostream& err)
{
  try {
    throw;
  } catch (const Error& error) {
    print_error(err, error.what(), error.hint());
    return to_int(error.exit_code());
  } catch (const pqxx::broken_connection&) {
    print_error(err, "lost the connection to PostgreSQL", "Check the server and run rwdoctor again.");
    return to_int(ExitCode::operational);
  } catch (const pqxx::failure& error) {
    print_error(err, fmt::format("database error: {}", error.what()),
                "Run rwdoctor again; if it persists, report it with this message.");
    return to_int(ExitCode::operational);
  } catch (const std::exception& error) {
    print_error(err, fmt::format("internal error: {}", error.what()),
                "This is a bug in rwdoctor; report it with the command you ran.");
    return to_int(ExitCode::operational);
  }
}

int
dispatch(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  if (args.empty()) {
    throw UsageError("no command given", "Run 'rwdoctor --help' to see the commands.");
  }
  const auto& command = args.front();
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "--help" || command == "-?" || command == "help") {
    out << general_help();
    return to_int(ExitCode::clean);
  }
  if (command == "--version" || command == "-V") {
    fmt::print(out, "rwdoctor {}\n", tool_version());
    return to_int(ExitCode::clean);
  }
  if (command == "check") {
    return run_check_command(rest, out, err);
  }
  if (command == "guard") {
    return run_guard_command(rest, out, err);
  }
  if (command == "watch") {
    return run_watch_command(rest, out, err);
  }
  if (command == "checks") {
    return run_checks_command(rest, out);
  }
  if (command == "explain") {
    return run_explain_command(rest, out);
  }
  if (command == "repair") {
    return run_repair_command(rest, in, out, err);
  }
  if (command == "apply") {
    return run_apply_command(rest, in, out, err);
  }
  if (command == "undo") {
    return run_undo_command(rest, in, out, err);
  }
  throw UsageError(fmt::format("unknown command '{}'", command), "Run 'rwdoctor --help' to see the commands.");
}

} // namespace

int
run(int argc, const char* const* argv, std::istream& in, std::ostream& out, std::ostream& err)
{
  std::vector<std::string> args(argv + 1, argv + argc);
  try {
    return dispatch(args, in, out, err);
  } catch (const CommitInDoubtError& error) {
    print_error(err, error.what(), error.hint()); // also after Ctrl-C: the outcome is unknown
    return to_int(error.exit_code());
  } catch (const PartlyRolledBackError& error) {
    print_error(err, error.what(), error.hint()); // also after Ctrl-C: something stayed
    return to_int(error.exit_code());
  } catch (...) {
    if (interrupted()) {
      // A repair or undo that Ctrl-C or SIGTERM cancelled: whatever statement failed for it,
      // the transaction was rolled back and its pending undo file removed.
      fmt::print(err, "rwdoctor: cancelled; nothing was changed\n");
      return to_int(ExitCode::refused);
    }
    return report_failure(err);
  }
}

} // namespace rwdoctor::cli
