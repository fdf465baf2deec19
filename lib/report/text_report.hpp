// Human-readable output: findings grouped by severity, each with its subject, what the meta
// node will do and the repairs that apply.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"

#include <string>

namespace rwdoctor::report {

enum class Colour { off, on };
enum class Verbosity { quiet, normal };

// The check report as text. Renders through report::CheckRenderer, the same path as the
// streaming `rwdoctor check`; throws OperationalError when its temporary files fail.
std::string render_check_text(const checks::CheckReport& report, const checks::Catalogue& catalogue, Colour colour,
                              Verbosity verbosity);

std::string render_catalogue_text(const checks::Catalogue& catalogue);

// `rwdoctor explain ID`: the check's title, invariant, consequence, explanation and query file.
std::string render_explain_text(const checks::Catalogue& catalogue, const std::string& id);

// A psql statement a DBA can run to look at the finding's rows.
std::string inspect_sql(const checks::Finding& finding);

} // namespace rwdoctor::report
