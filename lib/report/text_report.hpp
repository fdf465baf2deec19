// Human-readable output: findings grouped by incident in pass order, each with its subject,
// what the meta node will do and the repairs that apply, ending with what to do. Its users also
// get the catalogue's text (report/catalogue_text.hpp) and the fitting of text to a terminal
// (report/text_fitting.hpp).
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "incidents/commands.hpp"
#include "report/catalogue_text.hpp"
#include "report/text_fitting.hpp"

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

// "job 14 dev.public.orders_src", "object 44": what a WHAT TO DO entry is about, short enough
// for an 80-column line.
std::string short_subject(const checks::Finding& finding);

// A psql statement a DBA can run to look at the finding's rows.
std::string inspect_sql(const checks::Finding& finding);

} // namespace rwdoctor::report
