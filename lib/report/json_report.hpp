// The JSON document of `rwdoctor check --format json` (format_version 1) and of `rwdoctor
// checks --format json`. Field names and value spellings are a contract (README "JSON").
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "incidents/commands.hpp"

#include <string>

namespace rwdoctor::report {

inline constexpr int k_json_format_version = 1;

// The check report as a JSON text (pretty-printed, trailing newline). Renders through
// report::CheckRenderer like render_check_text.
std::string render_check_json(const checks::CheckReport& report, const incidents::CommandContext& commands = {});

// Pure: the check catalogue as a JSON text.
std::string render_catalogue_json(const checks::Catalogue& catalogue);

} // namespace rwdoctor::report
