// Root causes: which findings follow from which, grouped into incidents in pass order, each
// with its recommended repair and the commands that carry it out. Pure: the check report
// feeds the facts of its findings in and renders what comes out.
#pragma once

#include "checks/finding.hpp"
#include "incidents/passes.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::incidents {

// What the analysis needs of one finding.
struct FindingFacts
{
  int id = 0; // the finding's id within the run, 1, 2, ... in arrival order
  std::string check;
  checks::Severity severity = checks::Severity::warning;
  checks::Consequence consequence = checks::Consequence::silent;
  std::optional<int> job_id;
  std::optional<int> object_id;
  std::optional<int> fragment_id;
  std::optional<int> database_id;
  std::string relation; // checks::Finding::relation
  std::optional<int> other_job; // checks::Finding::other_job
  // A store-level finding's own subject (checks::Finding::name without job, object or
  // fragment: a sequence); empty otherwise.
  std::string subject_name;
  std::vector<checks::Repair> repairs;
  bool has_statement = false;
  // The streaming_job status of the finding's object (checks::Finding::job_status): set when
  // the object is a job with a streaming_job row.
  std::optional<std::string> job_status;
};

FindingFacts facts_of(int id, const checks::Finding& finding);
// The facts of every finding of a report, numbered 1, 2, ... in their order (as analyse wants).
std::vector<FindingFacts> facts_of(const std::vector<checks::Finding>& findings);

struct Incident
{
  int id = 0;    // 1, 2, ... in pass order (so also its order)
  int order = 0; // the same number: the place in the repair order
  int root = 0;  // the id of the root finding
  Pass pass = Pass::derived;
  std::vector<int> findings; // root first, then its consequences by id
  std::vector<int> jobs;     // ascending
  checks::Repair recommended = checks::Repair::manual;
  // Other repairs that apply when the recommended one cannot (e.g. drop when no backup).
  std::vector<checks::Repair> alternatives;
  // True when the root's own statement is the repair; for a leftover only when the incident
  // is that one finding (anything else known about the object may be another job's part).
  bool statement_applies = false;
  // True when the root's job runs (job_runs): no drop is offered for it, by any path.
  bool job_runs = false;
};

struct Analysis
{
  // Indexed by finding id - 1.
  std::vector<std::optional<int>> cause;
  std::vector<std::optional<int>> incident;
  std::vector<Incident> incidents; // in pass order
};

// Takes restore-fragments and restore-rows out of the incident's repairs, when something
// refuses every restore of it (its state in Hummock, a backup without the job): the next
// repair becomes the recommended one, manual when none is left. True when it changed.
bool remove_restores(Incident& incident);

// True when job `job` runs as it is, so that a drop would destroy more than any finding of it
// costs: a finding about the job's own object says its streaming_job row is CREATED or
// CREATING, and no finding about the job stops it (an error or critical finding whose
// consequence is a panic, lost state or a failing recovery). A job with no streaming_job row,
// an INITIAL one (recovery deletes it) or one a finding stops does not run. rwdoctor offers a
// drop only for a job that does not run: in check's WHAT TO DO, guard, repair all and its
// choices, and repair drop (which refuses a running job unless told --drop-running).
bool job_runs(const std::vector<FindingFacts>& findings, int job);

// `findings[i].id` must be i + 1. Rules, in this order:
//  1. Findings about the same job (job_id, else object_id: jobs are objects) follow from the
//     one whose check ranks first (passes.hpp); among equals, the one about the job's own
//     object, then the first.
//  2. A finding of a check that reports orphans of a meta table follows from a
//     foreign-keys-missing finding about that table: the key would have removed them.
//  3. On stores without object.belong_to_oid nothing names the job of an internal table whose
//     "table" row went with its job's fragments: a type-less table object follows from the
//     job-without-fragments job of the same database whose oid precedes it with only such
//     objects in between (RisingWave allocates a job's internal tables right after it).
// Incidents are roots with a finding above info among theirs; findings of info-only groups
// have no incident.
Analysis analyse(const std::vector<FindingFacts>& findings);

} // namespace rwdoctor::incidents
