// Applies a drop plan, a restore plan or an undo file in one SERIALIZABLE transaction: advisory
// lock, table locks, safety gates, the plan re-made and re-checked inside the transaction, the
// undo file written and fsync'd under its pending name, the change, the checks re-run, an
// audit row, COMMIT, and only then the undo file under its own name. Any failure (Ctrl-C
// included) rolls everything back; nothing is ever half-applied. A repeat whose work is done
// (the audit table or the rows say so) has nothing to do and writes nothing.
#pragma once

#include "db/connection_options.hpp"
#include "repair/all_plan.hpp"
#include "repair/audit_log.hpp"
#include "repair/drop_plan.hpp"
#include "repair/plan_report.hpp"
#include "repair/repair_transaction.hpp"
#include "repair/restore_plan.hpp"
#include "repair/undo_file.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace rwdoctor::repair {

struct ApplyOptions
{
  SafetyGates gates;
  AuditOptions audit;
  std::string undo_path; // where the undo file goes (absolute)
  std::string repair_id; // the repair's id: a saved plan's, else new_repair_id()
  bool saved_plan = false; // repair_id is a saved plan's: an audit row with it means "applied already"
  db::LockWaitReport on_lock_wait; // told about once a second who a lock wait waits for
};

struct DropOutcome
{
  DropPlan plan;
  std::string undo_path; // the published undo file (its pending name if publishing failed)
  std::string repair_id;
  long audit_id = 0; // 0 without an audit row
  // Set when a saved plan had been applied already ("applied at ..."): nothing was written.
  std::optional<std::string> nothing_to_do;
};

// Drops what `request` plans. `expected` (a saved or previously shown plan) must still match
// inside the transaction, else RefusedError. `on_plan` sees the plan made inside the
// transaction before anything is written. Throws RefusedError (gates, refusals, stale plan)
// or OperationalError (also a repair that did not verify); in both cases nothing changed.
DropOutcome apply_drop(const db::ConnectionOptions& connection, const DropRequest& request, const ApplyOptions& options,
                       const std::optional<SavedPlan>& expected, const std::function<void(const DropPlan&)>& on_plan);

struct RestoreOutcome
{
  RestorePlan plan;
  std::string undo_path;
  std::string repair_id;
  long audit_id = 0;
  std::optional<std::string> nothing_to_do; // as DropOutcome's
};

// Restores what `request` plans from the backup `backup` (read in its own read-only snapshot)
// into live, in one verified transaction as apply_drop does: the jobs and every job their
// restored edges touch must have no finding afterwards. `expected` is the rows hash of a plan
// shown or saved before.
RestoreOutcome apply_restore(const db::ConnectionOptions& live, const db::ConnectionOptions& backup,
                             const RestoreRequest& request, const ApplyOptions& options,
                             const std::optional<std::string>& expected_hash,
                             const std::function<void(const RestorePlan&)>& on_plan);

struct AllOutcome
{
  AllPlan plan;
  std::string undo_path; // "" when no step ran
  std::string repair_id;
  long audit_id = 0;
  std::optional<std::string> nothing_to_do; // as DropOutcome's
  std::size_t inconsistencies_after = 0;   // findings above info the checks still see after it
  // Incidents the plan could not repair whose root finding went with the steps (moved out of
  // plan.remaining).
  std::vector<IncidentSummary> resolved_by_steps;
};

// Repairs every incident `request` selects, in pass order, in one transaction locked and
// verified like apply_drop, with one undo file and one audit row (action "all"). Each step is
// planned on the store the steps before it left; `expected_hash` is the rows hash of the plan
// the user saw (AllPlan::rows_hash). A plan without steps writes nothing. Throws RefusedError or
// OperationalError with nothing changed.
AllOutcome apply_all(const db::ConnectionOptions& live, const std::optional<db::ConnectionOptions>& backup,
                     const AllRequest& request, const ApplyOptions& options,
                     const std::optional<std::string>& expected_hash,
                     const std::function<void(const AllPlan&)>& on_plan);

// A read-only snapshot session on the backup given with --from; connection errors name it.
std::unique_ptr<db::MetaStoreSession> open_backup(const db::ConnectionOptions& backup);

struct UndoOutcome
{
  std::size_t rows = 0;
  long audit_id = 0;
  // The sequences the undo moved forward past the ids it put back, "name (to N)".
  std::vector<std::string> sequences_moved;
  // Set when the undo had nothing to do ("already undone at ..."): nothing was written.
  std::optional<std::string> nothing_to_do;
};

// Reverts the repair of `undo` (read from `undo_path`), in one transaction locked like a
// repair, only on the meta store it was made for (database, schema, server, generation) and
// only while the rows it changes are exactly what the repair left (repair/undo_rules.hpp): for
// a drop, puts every row back, parents first, and moves sequences forward; for a restore, sets
// changed columns back and deletes exactly the inserted rows. An undo already done is "nothing
// to do". Throws RefusedError or OperationalError with nothing changed.
UndoOutcome apply_undo(const db::ConnectionOptions& connection, const UndoData& undo, const ApplyOptions& options,
                       const std::string& undo_path);

} // namespace rwdoctor::repair
