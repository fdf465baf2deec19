// The pieces of `rwdoctor check` output, for report::CheckRenderer, which puts them together
// around the spooled findings: the text pieces live in text_report.cpp, the JSON pieces in
// json_report.cpp. Pure functions.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "report/text_report.hpp"

#include <array>
#include <string>
#include <utility>

namespace rwdoctor::report::layout {

// Findings per severity, indexed by checks::Severity.
using Counts = std::array<std::size_t, 4>;

// The header lines (empty when quiet).
std::string text_head(const checks::CheckRun& run, Verbosity verbosity);

// The header line of a severity group of `count` findings.
std::string text_group_header(checks::Severity severity, std::size_t count, Colour colour);

// One finding's lines inside its group.
std::string text_finding(const checks::Finding& finding, const checks::Catalogue& catalogue, Verbosity verbosity);

// What follows the groups: the checks that could not run, the summary.
std::string text_tail(const checks::CheckRun& run, const Counts& counts, Colour colour, Verbosity verbosity);

// One element of the document's "findings" array, indented for that place (array elements
// at depth 2 of dump(2)), without the separator.
std::string json_finding(const checks::Finding& finding);

// The document with the "findings" array's value cut out: the text before it and after it.
std::pair<std::string, std::string> json_frame(const checks::CheckRun& run, const Counts& counts);

} // namespace rwdoctor::report::layout
