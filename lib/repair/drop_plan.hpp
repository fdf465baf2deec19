// The plan of `rwdoctor repair drop`: which objects go and why, every row that disappears
// (cascades included), the exact SQL, what SQL cannot clean, and why it must not run (if so).
// Built from the same queries in a read-only snapshot (dry run) and again inside the repair
// transaction, where the two must agree.
#pragma once

#include "checks/finding.hpp"
#include "db/cascade_indexes.hpp"
#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
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
  // Planned inside a transaction that has written already (a step of repair all): its check
  // run must not hand work to a sibling connection, which could neither see those writes nor
  // read tables the transaction holds locked.
  bool after_writes = false;
};

struct PlanObject
{
  int oid = 0;
  std::string object_type;
  std::optional<std::string> name;
  std::optional<int> database_id;
  std::optional<std::string> job_status;
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
  std::vector<std::pair<std::string, std::string>> explicit_deletes; // (table, column) cleaned without a key
  std::vector<db::CapturedTable> rows;   // every row that disappears, parents first
  std::vector<std::string> statements;   // the SQL, as the transaction runs it
  std::vector<db::CascadeIndex> cascade_indexes; // created before the deletes, dropped before COMMIT
  std::vector<std::string> not_cleaned;  // follow-ups outside the meta store
  std::string rows_hash;                 // sha256 of `rows`: the plan's precondition
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

// Plans the drop of `request.jobs` on the store `session` reads. Never writes.
DropPlan plan_drop(db::MetaStoreSession& session, const DropRequest& request);

// sha256 over the captured rows in a canonical form.
std::string hash_rows(const std::vector<db::CapturedTable>& rows);

} // namespace rwdoctor::repair
