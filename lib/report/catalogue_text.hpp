// The catalogue as text: `rwdoctor checks`, `rwdoctor explain ID` (its prose and its SQL) and
// `rwdoctor explain passes`. Pure.
#pragma once

#include "checks/catalogue.hpp"

#include <string>

namespace rwdoctor::report {

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

} // namespace rwdoctor::report
