// The plan of `rwdoctor repair restore`: exactly the rows of a job's fragment graph that a
// backup of the meta store has and live lacks, validated before anything is touched. A row
// present in live with other content is never overwritten: the plan refuses instead.
#pragma once

#include "checks/finding.hpp"
#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "hummock/state_grades.hpp"
#include "repair/change_set.hpp"
#include "repair/repair_checks.hpp"
#include "repair/restore_backup_side.hpp"
#include "repair/row_change.hpp"

#include <future>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::repair {

struct RestoreRequest
{
  std::vector<int> jobs;
  // Rows that exist in live with other content and that the DBA chose to keep as they are,
  // as "table:key" with the primary key's values joined by commas ("fragment_relation:2,8").
  std::vector<std::string> keep_live;
  // Jobs that earlier steps of the same `repair all` repair before this restore runs: a
  // broken neighbour among them does not refuse it (a dry run plans every step on the store
  // as it is). Not part of a saved plan.
  std::set<int> repaired_first;
  // Rows (table and primary key values) that earlier steps of the same `repair all` insert:
  // left out of this plan, as live has them by the time it runs. Not part of a saved plan.
  std::set<std::pair<std::string, std::vector<std::optional<std::string>>>> inserted_first;
};

struct RestorePlan
{
  std::string database;
  std::string schema;
  std::string generation;
  db::ServerIdentity server; // live's server, as the drop plan records it
  std::string backup; // credential-free description of the backup
  RestoreRequest request;
  std::vector<checks::Finding> findings;   // live findings that restore-fragments repairs
  // The rows to insert (parents first, with each table's primary key) and the columns of live
  // rows set to the backup's values.
  ChangeSet changes;
  std::vector<std::string> left_out;       // backup rows not restored, and why
  std::vector<std::string> refusals;       // non-empty: the plan must not run
  std::vector<int> neighbour_jobs;         // jobs the restored edges connect to
  std::vector<int> broken_neighbours;      // neighbours whose own incident refuses the plan
  std::vector<int> missing_fragments;      // ends of backup edges left out: not in live
  std::vector<int> not_in_backup;          // requested jobs the backup does not have
  std::string rows_hash;                   // sha256 of the inserted rows and the updates
  // Each restored job's state tables (as the backup lists them) graded in live's Hummock at
  // plan time; a blocking grade is also a refusal. Recorded in the plan, undo file and audit row.
  std::map<int, hummock::StateSummary> state;
  // Set when no job has a finding and live has all their rows as the backup: a repeated
  // restore has nothing to do.
  std::optional<std::string> nothing_to_do;
  std::optional<std::vector<std::string>> gates_now; // as DropPlan's
  // The jobs the repair's before and after runs read for (CheckSelection::scope_jobs): the
  // restored jobs and every live job at the other end of one of their backup edges. Every row
  // a restore writes belongs to a restored job, so a finding it creates involves a row of one
  // of them and the run for the restored jobs returns it (CheckSpec::scoped), whichever job it
  // is about; a neighbour's finding that was there before is read in full, and must still
  // refuse (the neighbours are among the jobs the restore touches).
  // Not part of the report.
  std::set<int> check_scope;

  std::map<std::string, std::size_t> row_counts() const;
};

// Plans the restore of `request.jobs` into `live` from `backup`. Never writes. The plan
// refuses if the backup's own rows for the jobs are inconsistent; with `backup_checks`, the
// plan does not wait for those checks but hands them over, still running, and the caller
// must refuse on backup_check_refusals before it commits: a restore writes and verifies its
// rows while the backup is checked, on two cores instead of one after the other. The backup
// session is then the checks' until they are done.
RestorePlan plan_restore(db::MetaStoreSession& live, db::MetaStoreSession& backup, const std::string& backup_description,
                         const RestoreRequest& request, BackupChecks* backup_checks = nullptr);

// Whether the rows `plan` puts back reach `finding`: it is about an object that gets rows or
// a column value back (the jobs, their tables and internal objects, a kept row's pointer), or
// about a fragment that gets an edge back. A guess from above, never a promise: the checks
// after the restore judge. A neighbour whose findings are all reached does not block the
// restore, and repair all says such an incident goes with the restore.
bool restore_reaches(const RestorePlan& plan, const checks::Finding& finding);

} // namespace rwdoctor::repair
