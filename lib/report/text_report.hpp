// Human-readable output: findings grouped by incident in pass order, each with its subject,
// what the meta node will do and the repairs that apply, ending with what to do.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "incidents/commands.hpp"

#include <string>

namespace rwdoctor::report {

enum class Colour { off, on };
// quiet: findings of severity warning and above, one line each, nothing else; compact: one
// line per finding (a terminal's default); normal: each finding with its consequence,
// meta-node behaviour, repairs and inspect SQL.
enum class Verbosity { quiet, compact, normal };

// The check report as text. Renders through report::CheckRenderer, the same path as the
// streaming `rwdoctor check`; throws OperationalError when its temporary files fail.
std::string render_check_text(const checks::CheckReport& report, const checks::Catalogue& catalogue, Colour colour,
                              Verbosity verbosity, const incidents::CommandContext& commands = {});

// `rwdoctor checks`: a header row, then a row per check, fitted to `width` columns (a
// terminal's; 0: one line per check, for pipes).
std::string render_catalogue_text(const checks::Catalogue& catalogue, int width = 0);

// `rwdoctor explain ID`: the check's title, invariant, consequence, explanation and query file.
std::string render_explain_text(const checks::Catalogue& catalogue, const std::string& id);

// `rwdoctor explain ID --sql`: every variant's query, each after a comment saying where it
// applies, as psql can run it.
std::string render_explain_sql(const checks::Catalogue& catalogue, const std::string& id);

// `rwdoctor explain passes`: the repair passes in order, each with its checks.
std::string render_passes_text(const checks::Catalogue& catalogue);

// "job 14 dev.public.orders_src", "object 44": what a WHAT TO DO entry is about, short enough
// for an 80-column line.
std::string short_subject(const checks::Finding& finding);

// A psql statement a DBA can run to look at the finding's rows.
std::string inspect_sql(const checks::Finding& finding);

// `line` (its leading spaces kept) broken at spaces when it is longer than `width` (> 0), the
// lines after the first starting with `rest_indent`; a word longer than a line is kept whole.
std::string fitted_text_line(const std::string& line, int width, const std::string& rest_indent);

// Every line of `text` longer than `width` (> 0; 0 leaves the text as it is) broken at spaces,
// its continuation lines indented two more than it: a plan printed to a terminal.
std::string fitted_text(const std::string& text, int width);

// "to apply this plan: COMMAND" after a dry run's plan. Longer than `width` (> 0) it is
// broken as the what-to-do block breaks commands (a trailing " \\", never inside quotes nor
// between an option and its value), so it still pastes whole; below 64 columns the command
// goes below the label.
std::string apply_plan_line(const std::string& command, int width);

// "INDENT LABEL: COMMAND" fitted to `width` as apply_plan_line is, or below 64 columns the
// label on its line and the command fitted below it, indented two more columns.
std::string labelled_command(const std::string& indent, const std::string& label, const std::string& command,
                             int width);

} // namespace rwdoctor::report
