#include "report/text_report.hpp"

#include "core/version.hpp"
#include "incidents/passes.hpp"
#include "report/check_layout.hpp"
#include "report/check_renderer.hpp"
#include "report/text_fitting.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace rwdoctor::report {

namespace {

std::string
paint(Colour colour, std::string_view code, std::string_view text)
{
  if (colour == Colour::off) {
    return std::string(text);
  }
  return fmt::format("\x1b[{}m{}\x1b[0m", code, text);
}

std::string_view
colour_code(checks::Severity severity)
{
  switch (severity) {
  case checks::Severity::critical:
    return "1;31";
  case checks::Severity::error:
    return "31";
  case checks::Severity::warning:
    return "33";
  case checks::Severity::info:
    return "2";
  }
  return "0";
}

std::string
subject_line(const checks::Finding& finding)
{
  std::string subject;
  if (finding.fragment_id) {
    subject = fmt::format("fragment {}", *finding.fragment_id);
  }
  const auto object = finding.object_id ? finding.object_id : finding.job_id;
  if (object) {
    const auto kind = finding.job_id && finding.job_id == object ? "job" : "object";
    subject += fmt::format("{}{} {}", subject.empty() ? "" : " of ", kind, *object);
    if (finding.job_id && finding.job_id != object) {
      subject += fmt::format(" of job {}", *finding.job_id); // an internal table, a subscription
    }
    // Tables, materialized views and indexes are all TABLE objects; only their "table" row
    // (table_type) tells them apart, so without it the type says nothing about the kind.
    const bool kind_unknown = !finding.name && finding.object_type == std::optional<std::string>("TABLE");
    const bool named_by_backup = !finding.name && finding.name_from_backup;
    std::string details;
    if (finding.object_type && !kind_unknown && !named_by_backup) {
      details = *finding.object_type;
    }
    if (finding.job_status) {
      details += fmt::format("{}{}", details.empty() ? "" : ", ", *finding.job_status);
    }
    if (!details.empty()) {
      subject += fmt::format(" ({})", details);
    }
    // No name: the row of the object's type (its "table", "source", ... row) is gone.
    // Its fragments' type masks may still tell a table from a materialized view.
    // check --from: the backup still names it, and says what it is.
    subject += finding.name          ? fmt::format(" {}", *finding.name)
               : named_by_backup     ? fmt::format(" <no {} row; the backup's {} {}>",
                                               util::to_lower(finding.object_type.value_or("object")),
                                               util::to_lower(finding.kind_from_backup.value_or("object")),
                                               *finding.name_from_backup)
               : kind_unknown && finding.kind_from_fragments
                 ? fmt::format(" <no table row: a {} by its fragments; name unknown>",
                               util::to_lower(*finding.kind_from_fragments))
               : kind_unknown        ? std::string(" <no table row: a table, materialized view or index; name unknown>")
               : finding.object_type ? fmt::format(" <no {} row>", util::to_lower(*finding.object_type))
                                     : std::string(" <no object row>");
  }
  if (subject.empty() && finding.name) {
    return "meta store: " + *finding.name; // a store-level subject (a sequence)
  }
  return subject.empty() ? "meta store" : subject;
}

// The finding's repairs; a drop of a job that runs says it needs --drop-running, as repair
// drop refuses it without (a drop destroys more than a finding of a running job costs).
std::string
repairs_text(const checks::Finding& finding, const layout::FindingPlace& place)
{
  std::string text;
  for (const auto repair : finding.repairs) {
    const bool guarded = repair == checks::Repair::drop_job && place.job_runs;
    text += fmt::format("{}{}{}", text.empty() ? "" : ", ", checks::to_string(repair),
                        guarded ? " (only with --drop-running: the job runs)" : "");
  }
  return text;
}

} // namespace

std::string
short_subject(const checks::Finding& finding)
{
  const auto object = finding.job_id ? finding.job_id : finding.object_id;
  if (!object) {
    return finding.fragment_id ? fmt::format("fragment {}", *finding.fragment_id)
           : finding.name      ? "meta store: " + *finding.name
                               : "meta store";
  }
  // check --from: the backup's name where live has none, marked as the backup's.
  const auto name = finding.name               ? " " + *finding.name
                    : finding.name_from_backup ? fmt::format(" {} (in the backup)", *finding.name_from_backup)
                                               : std::string();
  return fmt::format("{} {}{}", finding.job_id ? "job" : "object", *object, name);
}

std::string
inspect_sql(const checks::Finding& finding)
{
  if (finding.fragment_id) {
    return fmt::format("SELECT fragment_id, job_id, fragment_type_mask, distribution_type, state_table_ids, "
                       "vnode_count FROM fragment WHERE fragment_id = {};",
                       *finding.fragment_id);
  }
  const auto object = finding.object_id ? finding.object_id : finding.job_id;
  if (object) {
    return fmt::format("SELECT o.*, sj.job_status, sj.create_type FROM object o LEFT JOIN streaming_job sj ON "
                       "sj.job_id = o.oid WHERE o.oid = {};",
                       *object);
  }
  return fmt::format("-- see: rwdoctor explain {}", finding.check);
}

namespace layout {

std::string
text_head(const checks::CheckRun& run, Verbosity verbosity, int width)
{
  if (verbosity == Verbosity::quiet) {
    return {};
  }
  std::size_t ran = 0;
  std::size_t not_applicable = 0;
  std::size_t failed = 0;
  for (const auto& outcome : run.checks) {
    ran += outcome.status == checks::CheckStatus::ran ? 1 : 0;
    not_applicable += outcome.status == checks::CheckStatus::not_applicable ? 1 : 0;
    failed += outcome.status == checks::CheckStatus::failed ? 1 : 0;
  }
  std::string out = fitted_text_line(fmt::format("rwdoctor {}: database \"{}\", schema \"{}\", RisingWave {} ({} migrations)",
                                                 tool_version(), run.meta_store.database, run.meta_store.schema,
                                                 run.meta_store.generation, run.meta_store.migrations),
                                     width, "  ");
  out += fitted_text_line(fmt::format("{} checks: {} ran, {} not applicable, {} failed", run.checks.size(), ran,
                                      not_applicable, failed),
                          width, "  ");
  if (run.meta_store.leader_heartbeat_age_s) {
    out += fitted_text_line(fmt::format("meta leader's last heartbeat: {:.0f} s ago", *run.meta_store.leader_heartbeat_age_s),
                            width, "  ");
  }
  return out;
}

std::string
text_group_header(checks::Severity severity, std::size_t count, Colour colour)
{
  std::string title(checks::to_string(severity));
  std::transform(title.begin(), title.end(), title.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return fmt::format("\n{}\n", paint(colour, colour_code(severity), fmt::format("{} ({})", title, count)));
}

std::string
text_incident_header(const IncidentView& view, std::size_t total, Colour colour, int width)
{
  const auto& incident = *view.incident;
  auto title = fitted_text_line(fmt::format("INCIDENT {} of {}, pass {} ({}): {}", incident.id, total,
                                            incidents::number(incident.pass), incidents::to_string(incident.pass),
                                            util::printable(subject_line(view.root))),
                                width, "  ");
  title.pop_back(); // the newline goes after the colour's end
  // What the incident's jobs hold in Hummock, right under the title: what a drop discards, or
  // why a restore cannot bring the job back.
  const auto state = view.state ? hummock::state_line(*view.state) : std::string();
  // With --from, what the backup can do for it.
  const auto backup = view.backup ? incidents::backup_line(*view.backup, view.root_facts) : std::string();
  return fmt::format("\n{}\n{}{}", paint(colour, colour_code(view.root.severity), title),
                     state.empty() ? "" : fitted_text_line("  " + state, width, "    "),
                     backup.empty() ? "" : fitted_text_line("  " + backup, width, "    "));
}

std::string
text_transient_header(std::size_t count, Colour colour, int width)
{
  auto title = fitted_text_line(fmt::format("INFO ({}): transient states RisingWave finishes by itself", count), width, "  ");
  title.pop_back();
  return fmt::format("\n{}\n", paint(colour, colour_code(checks::Severity::info), title));
}

std::string
text_finding(const checks::Finding& finding, const FindingPlace& place, const checks::Catalogue& catalogue,
             Verbosity verbosity, int width)
{
  // Lines longer than the terminal are broken at spaces (a wrap inside a word cuts names and
  // ids in two), a subject's lines after the first indented below the message's; a statement
  // is kept whole, as it may hold a quoted literal.
  const auto fitted = [width](const std::string& text, const std::string& rest_indent) {
    return fitted_text_line(text, width, rest_indent);
  };
  if (verbosity == Verbosity::quiet) {
    return fitted(fmt::format("  [{}] {}", finding.check, util::printable(subject_line(finding))), "      ")
           + fitted("    " + util::printable(finding.message), "    ");
  }
  if (verbosity == Verbosity::compact) {
    if (is_narrow_terminal(width)) {
      // Severity and check id on a line of their own, the message broken at spaces below.
      return fmt::format("  {} [{}]\n", checks::to_string(finding.severity), finding.check)
             + wrapped_lines(util::printable(finding.message), static_cast<std::size_t>(width), "    ",
                       k_narrow_message_lines);
    }
    auto line = fmt::format("  {:<8} [{}] {}", checks::to_string(finding.severity), finding.check,
                            util::printable(finding.message));
    if (width > 3) {
      line = cut_to_width(line, static_cast<std::size_t>(width));
    }
    return line + "\n";
  }
  std::string out = fitted(fmt::format("  [{}] {} (#{}, {}{})", finding.check, util::printable(subject_line(finding)),
                                       place.id, checks::to_string(finding.severity),
                                       finding.clears_after_start ? ", clears after the start" : ""),
                           "      ");
  out += fitted("    " + util::printable(finding.message), "    ");
  if (place.cause) {
    out += fitted(fmt::format("    follows from #{}{}", *place.cause,
                              place.incident ? fmt::format("; the repair of incident {} takes it away", *place.incident)
                                             : ""),
                  "      ");
  }
  out += fitted(fmt::format("    consequence: {}; meta node: {}", checks::to_string(finding.consequence),
                            catalogue.primary(finding.check).meta_node),
                "      ");
  if (!finding.repairs.empty()) {
    out += fitted("    repairs: " + repairs_text(finding, place), "      ");
  }
  if (finding.statement && !place.cause) {
    // A statement that carries a protobuf value (a rewritten split list) is hundreds of hex
    // digits: its head here, the whole of it in the JSON (and rwdoctor repair fix runs it).
    constexpr std::size_t k_statement_chars = 160;
    const auto& statement = *finding.statement;
    out += statement.size() <= k_statement_chars
             ? fmt::format("    statement: {}\n", util::printable(statement))
             : fitted("    statement: " + util::statement_head(statement, k_statement_chars, "--format json"), "      ");
  }
  if (std::find(finding.repairs.begin(), finding.repairs.end(), checks::Repair::manual) != finding.repairs.end()) {
    out += fitted("    inspect: " + inspect_sql(finding), "      ");
  }
  return out;
}

std::string
text_what_to_do(const std::vector<IncidentView>& incidents, Colour colour, const incidents::CommandContext& context,
                int width)
{
  if (incidents.empty()) {
    return {};
  }
  auto title = fitted_text_line("WHAT TO DO, in this order (rwdoctor explain passes)", width, "");
  title.pop_back();
  std::string out = fmt::format("\n{}\n", paint(colour, "1", title));
  bool backup = false;
  for (const auto& view : incidents) {
    const auto& incident = *view.incident;
    const auto more = incident.findings.size() - 1;
    // A job whose state Hummock no longer holds (or holds behind its database) is not restored:
    // its commands begin with the drop, and the entry says why.
    const bool restore_refused = view.state && hummock::blocks_restore(view.state->grade);
    out += fitted_text_line(fmt::format("  {}. {}: {}{}{}", incident.id, util::printable(short_subject(view.root)),
                                        view.root.check,
                                        more == 0 ? std::string() : fmt::format(" (+{} finding{})", more, more == 1 ? "" : "s"),
                                        restore_refused ? fmt::format("; its state is {} in Hummock, so no restore",
                                                                      hummock::grade_name(view.state->grade))
                                                        : std::string()),
                            width, "     ");
    if (view.root.clears_after_start) {
      // RisingWave clears it itself once the meta node runs: nothing for the DBA before the start.
      out += fitted_text_line(fmt::format("     nothing to do before the start: RisingWave clears it once the meta "
                                          "node runs; rwdoctor explain {}",
                                          view.root.check),
                              width, "     ");
      continue;
    }
    const auto restores = [](checks::Repair repair) {
      return repair == checks::Repair::restore_fragments || repair == checks::Repair::restore_rows;
    };
    for (std::size_t i = 0; i < view.commands.size(); ++i) {
      const auto& command = view.commands[i];
      backup = backup || restores(command.repair);
      std::string lead = i == 0 ? "" : "or: ";
      // "without a backup" only where none was given (check --from names it in the commands).
      const bool backup_given = !context.backup_argument.empty();
      if (i != 0 && restores(incident.recommended) && !restores(command.repair)) {
        lead = backup_given ? "or: " : "or, without a backup: ";
      }
      if (command.by_hand_choice) {
        // Without the backup the recommended restore needs, the DBA decides; with one, nothing
        // is left to choose.
        lead = i == 0 || !restores(incident.recommended) ? "by hand, the data leaves a choice: "
               : backup_given                              ? "or, by hand: "
                                                           : "or, without a backup, by hand: ";
      }
      if (is_narrow_terminal(width) && !lead.empty()) {
        // On a narrow terminal the words before a command get a line of their own, so that
        // the command's lines are only the command.
        out += fitted_text_line("     " + lead.substr(0, lead.size() - 1), width, "     ");
        lead.clear();
      }
      out += fitted_shell_command(lead + util::printable(command.text), width, "     ");
    }
  }
  // Every repair rwdoctor runs, in this order, in one plan and one transaction.
  const bool runs_repairs = std::any_of(incidents.begin(), incidents.end(), [](const IncidentView& view) {
    return view.incident->recommended != checks::Repair::manual;
  });
  if (runs_repairs) {
    const auto command = fmt::format("rwdoctor repair all{}{} --dry-run",
                                     backup ? fmt::format(" --from {}", incidents::backup_of(context)) : std::string(),
                                     util::printable(context.rwdoctor_arguments));
    out += is_narrow_terminal(width) ? "  all of it in one run:\n" + fitted_shell_command(command, width, "     ")
                                     : fitted_shell_command("all of it in one run: " + command, width, "  ");
  }
  if (backup && context.backup_argument.empty()) {
    out += fitted_text_line(fmt::format("  {}: the conninfo of a copy of this meta store taken before the incident",
                                        incidents::k_backup_placeholder),
                            width, "    ");
  }
  return out;
}

std::string
text_failed_checks(const checks::CheckRun& run, Colour colour, int width)
{
  std::string out;
  // The checks with the same error are one entry ("[a, b, c] the meta store is missing table
  // X"), in the order of their first: a missing table stops a dozen checks with one cause.
  std::vector<std::pair<std::string, std::vector<std::string>>> by_error;
  std::size_t failed = 0;
  for (const auto& outcome : run.checks) {
    if (outcome.status != checks::CheckStatus::failed) {
      continue;
    }
    ++failed;
    const auto same = std::find_if(by_error.begin(), by_error.end(),
                                   [&](const auto& entry) { return entry.first == outcome.error; });
    if (same == by_error.end()) {
      by_error.emplace_back(outcome.error, std::vector<std::string>{outcome.id});
    } else {
      same->second.push_back(outcome.id);
    }
  }
  if (failed != 0) {
    out += fmt::format("\n{}\n", paint(colour, "1;31", fmt::format("CHECKS THAT COULD NOT RUN ({})", failed)));
    for (const auto& [error, ids] : by_error) {
      out += fitted_text_line(fmt::format("  [{}] {}", fmt::join(ids, ", "), error), width, "    ");
    }
  }
  return out;
}

std::string
text_summary(const checks::CheckRun& run, const Counts& counts, std::size_t incidents, Verbosity verbosity, int width)
{
  if (verbosity == Verbosity::quiet) {
    return {};
  }
  const bool failed = std::any_of(run.checks.begin(), run.checks.end(), [](const checks::CheckOutcome& outcome) {
    return outcome.status == checks::CheckStatus::failed;
  });
  // With the stop condition below it, the summary follows the block above directly: the two
  // lines together take the place of the blank line and the summary, so that on an 80x24
  // terminal the last screen still begins at WHAT TO DO for the demo's four incidents.
  const bool inconsistent = counts[0] + counts[1] + counts[2] != 0;
  std::string out = (inconsistent ? "" : "\n")
                    + fitted_text_line(fmt::format("summary: {} critical, {} error, {} warning, {} info{}{}", counts[0],
                                                        counts[1], counts[2], counts[3],
                                                        incidents == 0 ? std::string()
                                                                       : fmt::format(" in {} incident{}", incidents,
                                                                                     incidents == 1 ? "" : "s"),
                                                        failed ? "; some checks could not run, so this result is incomplete" : ""),
                                            width, "  ");
  if (counts[0] + counts[1] + counts[2] + counts[3] == 0 && !failed) {
    out += "no inconsistency found\n";
  }
  if (inconsistent) {
    // The runbook's stop condition, one line: guard decides the start; some findings clear
    // only after it, so check is run until 0 once the meta node runs.
    out += fitted_text_line("start the meta node when rwdoctor guard exits 0; then check until it exits 0", width, "  ");
  }
  return out;
}

} // namespace layout

std::string
render_check_text(const checks::CheckReport& report, const checks::Catalogue& catalogue, Colour colour,
                  Verbosity verbosity, const incidents::CommandContext& commands)
{
  return CheckRenderer::text(catalogue, colour, verbosity, commands).render(report);
}

} // namespace rwdoctor::report
