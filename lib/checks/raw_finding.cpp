#include "checks/raw_finding.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

namespace rwdoctor::checks {

namespace {

std::optional<int>
optional_int(const std::optional<std::string>& value, std::string_view column)
{
  if (!value) {
    return std::nullopt;
  }
  int parsed = 0;
  if (!util::parse_int32(*value, parsed)) {
    throw OperationalError(fmt::format("column {} holds '{}', not an integer id", column, *value));
  }
  return parsed;
}

} // namespace

std::vector<RawFinding>
raw_findings_from_rows(const db::Rows& rows)
{
  const int object_id = rows.column("object_id");
  const int job_id = rows.column("job_id");
  const int fragment_id = rows.column("fragment_id");
  const int message = rows.column("message");
  const int severity = rows.column("severity");
  const int consequence = rows.column("consequence");
  const int statement = rows.column("statement");
  const int other_job = rows.column("other_job");
  const int relation = rows.column("relation");
  const int subject_name = rows.column("subject_name");
  const int clears_after_start = rows.column("clears_after_start");
  if (object_id < 0 || job_id < 0 || fragment_id < 0 || message < 0) {
    throw OperationalError("the check query must return columns object_id, job_id, fragment_id and message",
                           "This is a bug in the check file; report it with the file name.");
  }

  std::vector<RawFinding> findings;
  findings.reserve(rows.values.size());
  for (const auto& row : rows.values) {
    RawFinding finding;
    finding.object_id = optional_int(row[object_id], "object_id");
    finding.job_id = optional_int(row[job_id], "job_id");
    finding.fragment_id = optional_int(row[fragment_id], "fragment_id");
    finding.message = row[message].value_or("(no message)");
    if (severity >= 0 && row[severity]) {
      finding.severity = parse_severity(*row[severity]);
      if (!finding.severity) {
        throw OperationalError(fmt::format("the check query returned unknown severity '{}'", *row[severity]));
      }
    }
    if (consequence >= 0 && row[consequence]) {
      finding.consequence = parse_consequence(*row[consequence]);
      if (!finding.consequence) {
        throw OperationalError(fmt::format("the check query returned unknown consequence '{}'", *row[consequence]));
      }
    }
    if (statement >= 0) {
      finding.statement = row[statement];
    }
    if (relation >= 0 && row[relation]) {
      finding.relation = *row[relation];
    }
    if (other_job >= 0) {
      finding.other_job = optional_int(row[other_job], "other_job");
    }
    if (subject_name >= 0) {
      finding.subject_name = row[subject_name];
    }
    if (clears_after_start >= 0 && row[clears_after_start]) {
      const auto& text = *row[clears_after_start];
      if (text != "t" && text != "f") {
        throw OperationalError(fmt::format("the check query returned clears_after_start '{}', not a boolean", text));
      }
      finding.clears_after_start = text == "t";
    }
    findings.push_back(std::move(finding));
  }
  return findings;
}

} // namespace rwdoctor::checks
