// One finding as a check's query or analyzer produces it, before the runner adds the
// object's name, type and status from the catalog.
#pragma once

#include "checks/finding.hpp"
#include "db/rows.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::checks {

struct RawFinding
{
  std::optional<int> object_id;
  std::optional<int> job_id;
  std::optional<int> fragment_id;
  std::string message;
  std::optional<Severity> severity;       // overrides the check's default
  std::optional<Consequence> consequence; // overrides the check's default
  std::optional<std::string> statement;   // optional column: the repair by hand (Finding::statement)
  std::string relation;                   // Finding::relation
  std::optional<int> other_job;           // optional column `other_job`: Finding::other_job
  // optional column `subject_name`: the name of a subject that is no catalog object (a
  // sequence), Finding::name when the finding has no object
  std::optional<std::string> subject_name;
  // optional boolean column `clears_after_start`: Finding::clears_after_start
  bool clears_after_start = false;
};

// Interprets the rows of a query-kind check: columns object_id, job_id, fragment_id,
// message, and optional severity / consequence overrides and statement. Throws OperationalError when the
// columns are not there or a value does not parse (a check file bug, not a store problem).
std::vector<RawFinding>
raw_findings_from_rows(const db::Rows& rows);

} // namespace rwdoctor::checks
