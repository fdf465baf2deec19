// `rwdoctor undo UNDO_FILE`: takes a repair back from its undo file, after the DBA's yes.
#include "cli/repair_command.hpp"

#include "cli/options.hpp"
#include "cli/prompt.hpp"
#include "cli/repair_flow.hpp"
#include "cli/repair_support.hpp"
#include "cli/terminal.hpp"
#include "core/error.hpp"
#include "core/interrupt.hpp"
#include "repair/repair_executor.hpp"
#include "repair/undo_file.hpp"
#include "report/text_report.hpp"
#include "util/durable_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <ostream>

namespace rwdoctor::cli {

namespace {

// How much an undo file takes back.
struct UndoSize
{
  std::size_t rows = 0;     // rows it puts back
  std::size_t inserted = 0; // rows it deletes again
};

UndoSize
undo_size(const repair::UndoData& undo)
{
  UndoSize size;
  for (const auto& table : undo.tables) {
    size.rows += table.rows.size();
  }
  for (const auto& table : undo.inserted) {
    size.inserted += table.keys.size();
  }
  return size;
}

// What the file at `path` takes back; whether that is still to be done, the undo itself decides.
std::string
undo_summary(const repair::UndoData& undo, const std::string& path, const UndoSize& size)
{
  const auto repair_named = undo.repair_id.empty() ? std::string() : fmt::format(" (repair {})", undo.repair_id);
  if (undo.action == "all" && !undo.only_incidents.empty()) {
    return fmt::format("undo {}{}: the step{} of incident{} {} of a repair all in database \"{}\"; taking {} back "
                       "deletes the {} row(s) {} inserted, sets {} column value(s) back and puts back {} row(s) {} "
                       "removed; the other steps stay",
                       path, repair_named, undo.only_incidents.size() == 1 ? "" : "s",
                       undo.only_incidents.size() == 1 ? "" : "s", fmt::join(undo.only_incidents, ", "),
                       undo.database, undo.only_incidents.size() == 1 ? "it" : "them", size.inserted,
                       undo.only_incidents.size() == 1 ? "it" : "they", undo.updated.size(), size.rows,
                       undo.only_incidents.size() == 1 ? "it" : "they");
  }
  if (undo.action == "all") {
    return fmt::format("undo {}{}: a repair{} in database \"{}\"; taking it back deletes the {} row(s) it inserted, "
                       "sets {} column value(s) back and puts back {} row(s) it removed",
                       path, repair_named,
                       undo.oids.empty() ? "" : fmt::format(" of object(s) {}", fmt::join(undo.oids, ", ")),
                       undo.database, size.inserted, undo.updated.size(), size.rows);
  }
  if (undo.action == "restore") {
    return fmt::format("undo {}{}: a restore of job(s) {} in database \"{}\"; taking it back deletes the {} row(s) "
                       "it inserted and sets {} column value(s) back",
                       path, repair_named, fmt::join(undo.oids, ", "), undo.database, size.inserted,
                       undo.updated.size());
  }
  return fmt::format("undo {}{}: a drop of {} object(s) ({}) in database \"{}\"; taking it back puts back {} row(s)",
                     path, repair_named, undo.oids.size(), fmt::join(undo.oids, ", "), undo.database, size.rows);
}

// The question says what a yes does: a restore's undo deletes, a drop's inserts.
std::string
undo_question(const repair::UndoData& undo, const UndoSize& size)
{
  if (undo.action == "all") {
    return undo.only_incidents.empty() ? "take this repair back? [y/N] " : "take these steps back? [y/N] ";
  }
  if (undo.action == "restore") {
    return fmt::format("delete the {} row(s) it inserted{}? [y/N] ", size.inserted,
                       undo.updated.empty() ? std::string()
                                            : fmt::format(" and set {} value(s) back", undo.updated.size()));
  }
  return fmt::format("put these {} row(s) back? [y/N] ", size.rows);
}

int
report_undone(const repair::UndoData& undo, const repair::UndoOutcome& outcome, std::ostream& out)
{
  if (outcome.nothing_to_do) {
    out << report::fitted_text_line(*outcome.nothing_to_do, output_width(), "  ");
    return to_int(ExitCode::clean);
  }
  if (undo.action == "all" && !undo.only_incidents.empty()) {
    out << report::fitted_text_line(
      fmt::format("took back the step{} of incident{} {}: {} row(s) deleted or put back, {} column value(s) set "
                  "back; the other steps of the repair stay",
                  undo.only_incidents.size() == 1 ? "" : "s", undo.only_incidents.size() == 1 ? "" : "s",
                  fmt::join(undo.only_incidents, ", "), outcome.rows, undo.updated.size()),
      output_width(), "  ");
  } else if (undo.action == "all") {
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
  } else if (outcome.sequences_moved.empty()) {
    fmt::print(out, "{} {} row(s); the meta store is as it was before the repair\n",
               undo.action == "restore" ? "deleted" : "put back", outcome.rows);
  } else {
    // Not byte for byte: the rows are, the sequences were moved past the ids put back.
    out << report::fitted_text_line(
      fmt::format("{} {} row(s); every row is as it was before the repair; sequence(s) {} moved forward past the ids "
                  "put back (harmless: a sequence ahead of its table only skips ids)",
                  undo.action == "restore" ? "deleted" : "put back", outcome.rows,
                  fmt::join(outcome.sequences_moved, ", ")),
      output_width(), "  ");
  }
  if (outcome.audit_id != 0) {
    fmt::print(out, "audit row: rwdoctor.repair_log id {}\n", outcome.audit_id);
  }
  return to_int(ExitCode::clean);
}

} // namespace

int
run_undo_command(const std::vector<std::string>& args, std::istream& in, std::ostream& out, std::ostream& err)
{
  po::options_description options("rwdoctor undo options");
  add_repair_options(options);
  options.add_options()("file", po::value<std::string>(), "undo file written by a repair")(
    "incident", po::value<std::vector<std::string>>()->composing(),
    "take back only the step of this incident of a repair all (repeatable; as its plan numbered them)");
  po::positional_options_description positional;
  positional.add("file", 1);
  const auto values = parse_options(args, options, "undo", &positional);
  if (values.count("help") != 0) {
    return print_command_help(out, "Usage: rwdoctor undo UNDO_FILE [--incident N]... [--yes] [options]\n\n", options);
  }
  if (values.count("file") == 0) {
    throw UsageError("undo needs the undo file", "Repairs print the path of their undo file.");
  }
  const auto path = repair::absolute_path(values["file"].as<std::string>());
  auto undo = repair::read_undo_document(util::read_whole_file(path), path);
  if (values.count("incident") != 0) {
    std::vector<int> incidents;
    for (const auto& text : values["incident"].as<std::vector<std::string>>()) {
      int incident = 0;
      if (!util::parse_int32(text, incident) || incident <= 0) {
        throw UsageError(fmt::format("--incident takes an incident number, not '{}'", text),
                         "Give the number the repair all plan listed the step under, e.g. --incident 2.");
      }
      incidents.push_back(incident);
    }
    undo = repair::undo_of_incidents(undo, incidents);
  }
  auto connection = connection_from(values);
  default_connection_to(connection, values, undo.database, undo.server ? undo.server->host : "",
                        undo.server ? undo.server->port : "", undo.schema);
  const auto apply = apply_options_from(values, "undo", args, connection, "undo", err);
  const auto size = undo_size(undo);
  out << report::fitted_text_line(undo_summary(undo, path, size), output_width(), "") << "\n";
  if (values.count("yes") == 0) {
    if (!interactive_terminal()) {
      throw UsageError("undo needs --yes when it is not run on a terminal", "Pass --yes to take the repair back.");
    }
    if (!confirmed(in, out, undo_question(undo, size))) {
      return not_applied(out);
    }
  }
  const InterruptGuard cancel_on_signal;
  return report_undone(undo, repair::apply_undo(connection, undo, apply, path), out);
}

} // namespace rwdoctor::cli
