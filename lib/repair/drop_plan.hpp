// The plan of `rwdoctor repair drop`: which objects go and why, every row that disappears
// (cascades included), the exact SQL, what SQL cannot clean, and why it must not run (if so).
// Built from the same queries in a read-only snapshot (dry run) and again inside the repair
// transaction, where the two must agree.
#pragma once

#include "checks/finding.hpp"
#include "db/meta_store_session.hpp"
#include "hummock/state_grades.hpp"
#include "db/row_store.hpp"
#include "repair/change_set.hpp"
#include "repair/removal_set.hpp"
#include "repair/repair_checks.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::repair {

struct DropRequest
{
  std::vector<int> jobs;
  bool cascade = false;
  int max_objects = 50;
  // --drop-running: drop a job that runs (incidents::job_runs) all the same; without it such a
  // job is refused, since its findings cost less than the drop.
  bool drop_running = false;
  // repair drop --from: the requested jobs the backup holds without their fault
  // (repair::jobs_the_backup_holds, read by the command before planning), and how the refusal
  // names the backup. The drop of such a job is
  // refused unless `drop_unrestorable` (--drop-unrestorable) or its state is already gone from
  // Hummock (its restore could never run): repair all's backup gate. Not written into plan
  // files: a plan it refuses cannot be applied, and one it lets through needs no backup.
  std::set<int> backup_holds;
  std::string backup_argument;
  // The live store's connection options as the user gave them (cli::connection_arguments,
  // never a password), so that a restore command a refusal prints pastes as it stands.
  std::string live_arguments;
  bool drop_unrestorable = false;
  // With a backup: the definitions it holds of the jobs (job_definitions.sql), printed with
  // what identifies a job whose own row live lost, so that its owner can recreate it. Not
  // written into plan files.
  std::map<int, std::string> backup_definitions;
};

struct PlanObject
{
  int oid = 0;
  std::string object_type;
  std::optional<std::string> name;
  std::optional<int> database_id;
  std::optional<std::string> job_status;
  // A TABLE job without its "table" row: what its fragments say it is (db::ObjectInfo).
  std::optional<std::string> kind_from_fragments;
  Reason reason = Reason::requested;
  int because_of = 0;
};

struct DropPlan
{
  std::string database;
  std::string schema;
  std::string generation;
  db::ServerIdentity server; // recorded in plan and undo files; apply and undo connect there by default
  DropRequest request;
  std::vector<PlanObject> objects;       // sorted by oid
  std::vector<checks::Finding> findings; // the requested jobs' findings that drop-job repairs
  std::vector<std::string> refusals;     // non-empty: the plan must not run
  // The deletes: the objects per database, the rows cleaned without a foreign key, and every
  // row that disappears (changes.removed, parents first).
  ChangeSet changes;
  std::vector<std::string> statements;   // the SQL, as the transaction runs it
  std::vector<std::string> not_cleaned;  // follow-ups outside the meta store
  // Each dropped job's state in Hummock at plan time (what the drop discards); recorded in the
  // plan, undo file and audit row.
  std::map<int, hummock::StateSummary> state;
  std::string rows_hash;                 // sha256 of changes.removed: the plan's precondition
  // Set when every job is gone and the audit table says rwdoctor dropped it: a repeated drop
  // has nothing to do (and the plan nothing else).
  std::optional<std::string> nothing_to_do;
  // A dry run's reading of the safety gates: why --yes would be refused now (empty: it would
  // not be). Unset in the plan a repair makes inside its transaction.
  std::optional<std::vector<std::string>> gates_now;
  // Every inconsistency live had when the plan was made, of every job: inside the repair
  // transaction this is the "before" the change is verified against. Not part of the report.
  std::set<FindingKey> live_findings;

  std::vector<int> oids() const;
  // The objects to drop split per RisingWave database (ascending, objects without one last):
  // a set that spans databases (a job whose object was moved, a dependent in another
  // database) is deleted one database at a time, in the one transaction.
  std::vector<std::vector<int>> oids_by_database() const;
  std::map<std::string, std::size_t> row_counts() const;
};

// Plans the drop of `request.jobs` on the store `session` reads. Never writes. `decided_from`
// is a check run of the whole store (repair_check_selection) that the caller made already on
// the same store (repair all's, before its first step): the plan takes the jobs' findings and
// its "before" from it instead of running the checks again.
DropPlan plan_drop(db::MetaStoreSession& session, const DropRequest& request,
                   const checks::CheckReport* decided_from = nullptr);

} // namespace rwdoctor::repair
