// The pieces of `rwdoctor check` output, for report::CheckRenderer, which puts them together
// around the spooled findings: the text pieces live in text_report.cpp, the JSON pieces in
// json_report.cpp. Pure functions.
#pragma once

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "hummock/state_grades.hpp"
#include "incidents/backup_status.hpp"
#include "incidents/commands.hpp"
#include "incidents/incidents.hpp"
#include "report/text_report.hpp"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rwdoctor::report::layout {

// Findings per severity, indexed by checks::Severity.
using Counts = std::array<std::size_t, 4>;

// Where a finding stands among the others (incidents::Analysis).
struct FindingPlace
{
  int id = 0;
  std::optional<int> cause;
  std::optional<int> incident;
  // Its incident's job runs (incidents::job_runs): a drop of it needs --drop-running.
  bool job_runs = false;
};

// An incident as the report shows it.
struct IncidentView
{
  const incidents::Incident* incident = nullptr;
  checks::Finding root;
  std::vector<incidents::Command> commands; // incidents::commands_for
  // What the incident's jobs hold in Hummock; nullopt when the run had no state source.
  std::optional<hummock::StateSummary> state;
  // What the backup can do for it (check --from); nullopt without a backup.
  std::optional<incidents::BackupStatus> backup;
  incidents::FindingFacts root_facts;
};

// Longer than `width` (> 0), the lines of the head, the incident headers, the what-to-do
// block and the summary are broken at spaces, and each command at spaces outside quotes with
// a trailing " \\", so the block still pastes as one command; below 64 columns the words
// before a command get a line of their own; `width` 0 is unlimited.

// The header lines (empty when quiet).
std::string text_head(const checks::CheckRun& run, Verbosity verbosity, int width = 0);

// The header line of a severity group of `count` findings (quiet text).
std::string text_group_header(checks::Severity severity, std::size_t count, Colour colour);

// The header line of an incident, "INCIDENT 1 of 4, pass 2 (placement): job 14 ...".
std::string text_incident_header(const IncidentView& view, std::size_t total, Colour colour, int width = 0);

// The header line of the findings that belong to no incident (info only).
std::string text_transient_header(std::size_t count, Colour colour, int width = 0);

// One finding's lines inside its incident: one line when compact (cut to `width` columns
// when `width` > 0; below 64 columns the message on up to three lines of its own), else its
// block with consequence, meta-node behaviour and inspect SQL.
std::string text_finding(const checks::Finding& finding, const FindingPlace& place, const checks::Catalogue& catalogue,
                         Verbosity verbosity, int width);

// The numbered "what to do" block: one entry per incident in pass order with its commands.
std::string text_what_to_do(const std::vector<IncidentView>& incidents, Colour colour,
                            const incidents::CommandContext& context, int width = 0);

// What follows the incidents: the checks that could not run.
std::string text_failed_checks(const checks::CheckRun& run, Colour colour, int width);

// The last lines: the summary and, when something counts toward exit 4, the runbook's stop
// condition (guard decides the start, then check until 0).
std::string text_summary(const checks::CheckRun& run, const Counts& counts, std::size_t incidents,
                         Verbosity verbosity, int width = 0);

// One element of the document's "findings" array, indented for that place (array elements
// at depth 2 of dump(2)), without the separator.
std::string json_finding(const checks::Finding& finding, const FindingPlace& place);

// One element of the document's "incidents" array, indented the same way.
std::string json_incident(const IncidentView& view);

// The document with the values of its two big arrays cut out, so that their elements are
// written one at a time (json_finding, json_incident) and never held together: the text
// before "findings"' value, between it and "incidents"' value, and after that.
struct JsonFrame
{
  std::string before_findings;
  std::string before_incidents;
  std::string after_incidents;
};
JsonFrame json_frame(const checks::CheckRun& run, const Counts& counts);

} // namespace rwdoctor::report::layout
