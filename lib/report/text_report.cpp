#include "report/text_report.hpp"

#include "core/version.hpp"
#include "incidents/passes.hpp"
#include "report/check_layout.hpp"
#include "report/check_renderer.hpp"
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

// Below this terminal width a compact finding takes more than one line: in one line of 40
// columns the severity and check id would leave nothing of the message.
constexpr int k_narrow_width = 64;
// The most lines a compact finding's message takes on a narrow terminal (--verbose has it all).
constexpr std::size_t k_narrow_message_lines = 3;

// `line` cut to `width` columns with "..." at the end when it is longer, never inside a UTF-8
// sequence. Columns are counted as bytes: the messages are ASCII but for object names.
std::string
cut_to(const std::string& line, std::size_t width)
{
  if (line.size() <= width || width <= 3) {
    return line;
  }
  auto cut = width - 3;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0U) == 0x80U) {
    --cut;
  }
  return line.substr(0, cut) + "...";
}

// `text` as lines of at most `width` columns, each starting with `indent`, broken at spaces
// (a word longer than a line is cut); at most `max_lines` lines, the last one ending in "..."
// when text is left over. Every line ends with a newline.
std::string
wrapped(const std::string& text, std::size_t width, const std::string& indent, std::size_t max_lines)
{
  const auto room = width > indent.size() + 3 ? width - indent.size() : std::size_t{4};
  std::string out;
  std::size_t start = 0;
  for (std::size_t lines = 0; start < text.size() && lines < max_lines; ++lines) {
    while (start < text.size() && text[start] == ' ') {
      ++start;
    }
    std::size_t end = text.size();
    if (end - start > room) {
      const auto space = text.rfind(' ', start + room);
      end = space != std::string::npos && space > start ? space : start + room;
    }
    std::string line = text.substr(start, end - start);
    start = end;
    const auto rest = text.find_first_not_of(' ', start);
    if (lines + 1 == max_lines && rest != std::string::npos) {
      line = cut_to(line + " " + text.substr(rest), room);
    }
    out += indent + line + "\n";
  }
  return out;
}

bool
is_narrow(int width)
{
  return width > 0 && width < k_narrow_width;
}

// `units` filled into lines of at most `room` columns, the first line starting with `first`
// and the others with `rest`, each line but the last ending with `line_end`; a unit longer
// than a line gets one to itself, with less of `rest`'s indent where that makes it fit (a long
// path in a command keeps its " \\" on its own line). The result ends with a newline.
std::string
filled_lines(const std::vector<std::string>& units, std::size_t room, const std::string& first,
             const std::string& rest, const std::string& line_end)
{
  std::string out;
  std::string current = first;
  bool has_unit = false;
  for (const auto& unit : units) {
    if (has_unit && current.size() + 1 + unit.size() > room) {
      out += current + line_end + "\n";
      current = rest.size() + unit.size() > room ? rest.substr(0, room > unit.size() ? room - unit.size() : 0) : rest;
      has_unit = false;
    }
    current += (has_unit ? " " : "");
    current += unit;
    has_unit = true;
  }
  return out + current + "\n";
}

// True when `text` needs no breaking at `width` columns (0: not a terminal, nothing is broken).
bool
fits(std::size_t length, int width)
{
  return width <= 0 || length <= static_cast<std::size_t>(width);
}

// Digits with maybe a decimal point: a number a unit may follow.
bool
is_number(std::string_view word)
{
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.';
  });
}

// A unit the messages put after a number ("s", "MiB"), punctuation after it allowed ("s):").
bool
is_unit(std::string_view word)
{
  const auto end = word.find_last_not_of(",.;:)");
  word = word.substr(0, end == std::string_view::npos ? 0 : end + 1);
  for (const std::string_view unit : {"s", "ms", "KiB", "MiB", "GiB", "%"}) {
    if (word == unit) {
      return true;
    }
  }
  return false;
}

// `line` (with its leading spaces) as it fits `width` columns: unchanged when it fits (or
// width is 0); else broken at spaces, the lines after the first starting with `rest_indent`,
// so that the terminal never wraps it inside a word. A word longer than a line is kept whole:
// the words here are ids, names and paths a DBA may copy. A number keeps its unit ("10 s").
// The result ends with a newline.
std::string
fitted_line(const std::string& line, int width, const std::string& rest_indent)
{
  if (fits(line.size(), width)) {
    return line + "\n";
  }
  const auto lead = std::min(line.find_first_not_of(' '), line.size());
  std::vector<std::string> words;
  util::for_each_part(std::string_view(line).substr(lead), ' ', [&](std::string_view word) {
    if (word.empty()) {
      return;
    }
    if (is_unit(word) && !words.empty() && is_number(words.back())) {
      words.back() += " " + std::string(word); // "10 s" stays on one line
    } else {
      words.emplace_back(word);
    }
  });
  return filled_lines(words, static_cast<std::size_t>(width), line.substr(0, lead), rest_indent, "");
}

// The words of a shell command: split at spaces outside quotes and not after a backslash.
std::vector<std::string>
shell_words(const std::string& command)
{
  std::vector<std::string> words;
  std::string word;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote == 0 && c == ' ') {
      if (!word.empty()) {
        words.push_back(std::move(word));
        word.clear();
      }
      continue;
    }
    word += c;
    if (c == '\\' && quote != '\'' && i + 1 < command.size()) {
      word += command[++i];
    } else if (quote == 0 && (c == '\'' || c == '"')) {
      quote = c;
    } else if (quote == c) {
      quote = 0;
    }
  }
  if (!word.empty()) {
    words.push_back(std::move(word));
  }
  return words;
}

// A shell command as it fits `width` columns: unchanged when it fits (or width is 0); else
// broken between words with a trailing " \\" (the shell joins the lines again when the
// block is pasted), never inside quotes nor between an option and its value ("-p 5432":
// an option and the next word when that is no option itself), the continuation lines
// indented two more columns. `indent` starts every line. Words before the command ("or:")
// stay on its first line.
std::string
fitted_command(const std::string& command, int width, const std::string& indent)
{
  if (fits(indent.size() + command.size(), width)) {
    return indent + command + "\n";
  }
  const auto words = shell_words(command);
  std::vector<std::string> units;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i].size() > 1 && words[i][0] == '-' && i + 1 < words.size() && words[i + 1][0] != '-') {
      units.push_back(words[i] + " " + words[i + 1]);
      ++i;
    } else {
      units.push_back(words[i]);
    }
  }
  // " \\" ends every line but the last
  return filled_lines(units, static_cast<std::size_t>(width) - 2, indent, indent + "  ", " \\");
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
    std::string details;
    if (finding.object_type) {
      details = *finding.object_type;
    }
    if (finding.job_status) {
      details += fmt::format("{}{}", details.empty() ? "" : ", ", *finding.job_status);
    }
    if (!details.empty()) {
      subject += fmt::format(" ({})", details);
    }
    // No name: the row of the object's type (its "table", "source", ... row) is gone.
    subject += finding.name          ? fmt::format(" {}", *finding.name)
               : finding.object_type ? fmt::format(" <no {} row>", util::to_lower(*finding.object_type))
                                     : std::string(" <no object row>");
  }
  if (subject.empty() && finding.name) {
    return "meta store: " + *finding.name; // a store-level subject (a sequence)
  }
  return subject.empty() ? "meta store" : subject;
}

std::string
repairs_text(const checks::Finding& finding)
{
  std::string text;
  for (const auto repair : finding.repairs) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", checks::to_string(repair));
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
  return fmt::format("{} {}{}", finding.job_id ? "job" : "object", *object, finding.name ? " " + *finding.name : "");
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
  std::string out = fitted_line(fmt::format("rwdoctor {}: database \"{}\", schema \"{}\", RisingWave {} ({} migrations)",
                                            tool_version(), run.meta_store.database, run.meta_store.schema,
                                            run.meta_store.generation, run.meta_store.migrations),
                                width, "  ");
  out += fitted_line(fmt::format("{} checks: {} ran, {} not applicable, {} failed", run.checks.size(), ran,
                                 not_applicable, failed),
                     width, "  ");
  if (run.meta_store.leader_heartbeat_age_s) {
    out += fitted_line(fmt::format("meta leader's last heartbeat: {:.0f} s ago", *run.meta_store.leader_heartbeat_age_s),
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
  auto title = fitted_line(fmt::format("INCIDENT {} of {}, pass {} ({}): {}", incident.id, total,
                                       incidents::number(incident.pass), incidents::to_string(incident.pass),
                                       util::printable(subject_line(view.root))),
                           width, "  ");
  title.pop_back(); // the newline goes after the colour's end
  // What the incident's jobs hold in Hummock, right under the title: what a drop discards, or
  // why a restore cannot bring the job back.
  const auto state = view.state ? hummock::state_line(*view.state) : std::string();
  return fmt::format("\n{}\n{}", paint(colour, colour_code(view.root.severity), title),
                     state.empty() ? "" : fitted_line("  " + state, width, "    "));
}

std::string
text_transient_header(std::size_t count, Colour colour, int width)
{
  auto title = fitted_line(fmt::format("INFO ({}): transient states RisingWave finishes by itself", count), width, "  ");
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
    return fitted_line(text, width, rest_indent);
  };
  if (verbosity == Verbosity::quiet) {
    return fitted(fmt::format("  [{}] {}", finding.check, util::printable(subject_line(finding))), "      ")
           + fitted("    " + util::printable(finding.message), "    ");
  }
  if (verbosity == Verbosity::compact) {
    if (width > 0 && width < k_narrow_width) {
      // Severity and check id on a line of their own, the message broken at spaces below.
      return fmt::format("  {} [{}]\n", checks::to_string(finding.severity), finding.check)
             + wrapped(util::printable(finding.message), static_cast<std::size_t>(width), "    ",
                       k_narrow_message_lines);
    }
    auto line = fmt::format("  {:<8} [{}] {}", checks::to_string(finding.severity), finding.check,
                            util::printable(finding.message));
    if (width > 3) {
      line = cut_to(line, static_cast<std::size_t>(width));
    }
    return line + "\n";
  }
  std::string out = fitted(fmt::format("  [{}] {} (#{}, {})", finding.check, util::printable(subject_line(finding)),
                                       place.id, checks::to_string(finding.severity)),
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
    out += fitted("    repairs: " + repairs_text(finding), "      ");
  }
  if (finding.statement && !place.cause) {
    out += fmt::format("    statement: {}\n", util::printable(*finding.statement));
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
  auto title = fitted_line("WHAT TO DO, in this order (rwdoctor explain passes)", width, "");
  title.pop_back();
  std::string out = fmt::format("\n{}\n", paint(colour, "1", title));
  bool backup = false;
  for (const auto& view : incidents) {
    const auto& incident = *view.incident;
    const auto more = incident.findings.size() - 1;
    // A job whose state Hummock no longer holds (or holds behind its database) is not restored:
    // its commands begin with the drop, and the entry says why.
    const bool restore_refused = view.state && hummock::blocks_restore(view.state->grade);
    out += fitted_line(fmt::format("  {}. {}: {}{}{}", incident.id, util::printable(short_subject(view.root)),
                                   view.root.check,
                                   more == 0 ? std::string() : fmt::format(" (+{} finding{})", more, more == 1 ? "" : "s"),
                                   restore_refused ? fmt::format("; its state is {} in Hummock, so no restore",
                                                                 hummock::grade_name(view.state->grade))
                                                   : std::string()),
                       width, "     ");
    const auto restores = [](checks::Repair repair) {
      return repair == checks::Repair::restore_fragments || repair == checks::Repair::restore_rows;
    };
    for (std::size_t i = 0; i < view.commands.size(); ++i) {
      const auto& command = view.commands[i];
      backup = backup || restores(command.repair);
      std::string lead = i == 0 ? "" : "or: ";
      if (i != 0 && restores(incident.recommended) && !restores(command.repair)) {
        lead = "or, without a backup: ";
      }
      if (command.by_hand_choice) {
        // Without the backup the recommended restore needs, the DBA decides; with one, nothing
        // is left to choose.
        lead = i != 0 && restores(incident.recommended) ? "or, without a backup, by hand: "
                                                         : "by hand, the data leaves a choice: ";
      }
      if (is_narrow(width) && !lead.empty()) {
        // On a narrow terminal the words before a command get a line of their own, so that
        // the command's lines are only the command.
        out += fitted_line("     " + lead.substr(0, lead.size() - 1), width, "     ");
        lead.clear();
      }
      out += fitted_command(lead + util::printable(command.text), width, "     ");
    }
  }
  // Every repair rwdoctor runs, in this order, in one plan and one transaction.
  const bool runs_repairs = std::any_of(incidents.begin(), incidents.end(), [](const IncidentView& view) {
    return view.incident->recommended != checks::Repair::manual;
  });
  if (runs_repairs) {
    const auto command = fmt::format("rwdoctor repair all{}{} --dry-run",
                                     backup ? fmt::format(" --from {}", incidents::k_backup_placeholder) : std::string(),
                                     util::printable(context.rwdoctor_arguments));
    out += is_narrow(width) ? "  all of it in one run:\n" + fitted_command(command, width, "     ")
                            : fitted_command("all of it in one run: " + command, width, "  ");
  }
  if (backup) {
    out += fitted_line(fmt::format("  {}: the conninfo of a copy of this meta store taken before the incident",
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
      out += fitted_line(fmt::format("  [{}] {}", fmt::join(ids, ", "), error), width, "    ");
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
  std::string out = "\n" + fitted_line(fmt::format("summary: {} critical, {} error, {} warning, {} info{}{}", counts[0],
                                                   counts[1], counts[2], counts[3],
                                                   incidents == 0 ? std::string()
                                                                  : fmt::format(" in {} incident{}", incidents,
                                                                                incidents == 1 ? "" : "s"),
                                                   failed ? "; some checks could not run, so this result is incomplete" : ""),
                                       width, "  ");
  if (counts[0] + counts[1] + counts[2] + counts[3] == 0 && !failed) {
    out += "no inconsistency found\n";
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

namespace {

// `text` filled to `width` columns (0: one line), each line indented by `indent` spaces.
std::string
indented(std::string_view text, std::size_t indent, std::size_t width)
{
  const auto filled = width == 0 || width <= indent + 20 ? std::string(text) + "\n"
                                                          : util::fill_prose(text, width - indent);
  std::string out;
  for (std::size_t start = 0; start < filled.size();) {
    const auto end = filled.find('\n', start);
    out += std::string(indent, ' ') + filled.substr(start, end - start) + "\n";
    start = end == std::string::npos ? filled.size() : end + 1;
  }
  return out;
}

} // namespace

std::string
render_catalogue_text(const checks::Catalogue& catalogue, int width)
{
  // The four short columns take 63 characters; the title gets the rest of a wide terminal,
  // a line of its own under them on an 80-column one, and on a narrower one everything does.
  constexpr std::size_t k_columns = 63;
  const auto columns = static_cast<std::size_t>(std::max(width, 0));
  const bool one_line = columns == 0 || columns >= k_columns + 30;
  const bool table = one_line || columns >= k_columns;
  std::string out;
  if (table) {
    out += one_line ? fmt::format("{:<28} {:<7} {:<9} {:<15} {}\n", "CHECK", "INV", "SEVERITY", "CONSEQUENCE", "TITLE")
                    : fmt::format("{:<28} {:<7} {:<9} {}\n", "CHECK", "INV", "SEVERITY", "CONSEQUENCE (title below)");
  }
  for (const auto& id : catalogue.ids()) {
    const auto& spec = catalogue.primary(id);
    std::string applies;
    for (const auto& variant : catalogue.variants(id)) {
      applies += fmt::format("{}{}", applies.empty() ? "" : " | ", checks::applies_to(variant));
    }
    const auto severity = std::string(checks::to_string(spec.severity));
    const auto consequence = std::string(checks::to_string(spec.consequence));
    if (one_line) {
      const auto title = indented(spec.title, k_columns, columns);
      out += fmt::format("{:<28} {:<7} {:<9} {:<15} {}", id, spec.invariant, severity, consequence,
                         title.substr(k_columns));
      if (applies != "all") {
        out += indented("applies to: " + applies, k_columns, columns);
      }
    } else if (table) {
      out += fmt::format("{:<28} {:<7} {:<9} {}\n", id, spec.invariant, severity, consequence);
      out += indented(spec.title + (applies != "all" ? " (applies to: " + applies + ")" : ""), 4, columns);
    } else {
      out += id + "\n";
      out += indented(fmt::format("{}, {}, {}: {}{}", spec.invariant, severity, consequence, spec.title,
                                  applies != "all" ? " (applies to: " + applies + ")" : ""),
                      2, columns);
    }
  }
  return out;
}

std::string
render_explain_text(const checks::Catalogue& catalogue, const std::string& id)
{
  const auto& spec = catalogue.primary(id);
  std::string out = util::fill_prose(fmt::format("{} ({}): {}", spec.id, spec.invariant, spec.title), 80) + "\n";
  out += fmt::format("severity: {}; consequence: {}\n", checks::to_string(spec.severity),
                     checks::to_string(spec.consequence));
  // Filled to 80 columns: a DBA reads this in an incident terminal.
  out += util::fill_prose("meta node: " + spec.meta_node, 80);
  std::string repairs;
  for (const auto repair : spec.repairs) {
    repairs += fmt::format("{}{}", repairs.empty() ? "" : ", ", checks::to_string(repair));
  }
  out += fmt::format("repairs: {}\n\n{}\n", repairs.empty() ? "none" : repairs, util::fill_prose(spec.explain, 80));
  // Where the queries are for a DBA without the source tree: the binary prints them.
  std::string variants;
  for (const auto& variant : catalogue.variants(id)) {
    variants += fmt::format("{}{} ({})", variants.empty() ? "" : ", ",
                            variant.variant.empty() ? "main" : "@" + variant.variant, checks::applies_to(variant));
  }
  out += util::fill_prose(fmt::format("queries: {}", variants), 80);
  out += fmt::format("print them: rwdoctor explain {} --sql\n", id);
  return out;
}

std::string
render_explain_sql(const checks::Catalogue& catalogue, const std::string& id)
{
  std::string out;
  for (const auto& variant : catalogue.variants(id)) {
    out += fmt::format("{}-- {}: {} (applies to: {})\n", out.empty() ? "" : "\n", id,
                       variant.variant.empty() ? "main query" : "variant @" + variant.variant,
                       checks::applies_to(variant));
    if (variant.scoped) {
      out += "-- $1, $2, ...: id lists (int[]) of a scoped run; NULL for the whole store\n";
    }
    out += variant.query + "\n";
  }
  return out;
}

std::string
render_passes_text(const checks::Catalogue& catalogue)
{
  std::string out =
    "Incidents are repaired pass by pass, so that each repair runs on ground that is already sound:\n"
    "a finding's incident is the root cause it follows from, and the incident's pass is that of its\n"
    "root. `rwdoctor check` lists the incidents, and its \"what to do\" block the repairs, in this order.\n";
  for (int number = 1; number <= 6; ++number) {
    const auto pass = static_cast<incidents::Pass>(number);
    out += fmt::format("\n{}. {}: {}\n", number, incidents::to_string(pass), incidents::describe(pass));
    std::string line = "  ";
    for (const auto& id : catalogue.ids()) {
      if (incidents::place_of(id).pass != pass) {
        continue;
      }
      if (line.size() + id.size() + 2 > 80) {
        out += line + "\n";
        line = "  ";
      }
      line += " " + id;
    }
    out += line + "\n";
  }
  return out;
}

std::string
labelled_command(const std::string& indent, const std::string& label, const std::string& command, int width)
{
  if (!is_narrow(width)) {
    return fitted_command(fmt::format("{}: {}", label, command), width, indent);
  }
  return fmt::format("{}{}:\n", indent, label) + fitted_command(command, width, indent + "  ");
}

std::string
fitted_text_line(const std::string& line, int width, const std::string& rest_indent)
{
  return fitted_line(line, width, rest_indent);
}

std::string
fitted_text(const std::string& text, int width)
{
  if (width <= 0) {
    return text;
  }
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    const auto line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (static_cast<int>(line.size()) > width) {
      const auto indent = line.find_first_not_of(' ');
      out += fitted_line(line, width, std::string(indent == std::string::npos ? 0 : indent, ' ') + "  ");
    } else {
      out += line + "\n";
    }
    if (end == std::string::npos) {
      if (!text.empty() && text.back() != '\n') {
        out.pop_back(); // the text had no final line break
      }
      break;
    }
    start = end + 1;
  }
  return out;
}

std::string
apply_plan_line(const std::string& command, int width)
{
  return "\n" + labelled_command("", "to apply this plan", command, width);
}

} // namespace rwdoctor::report
