// Applies a drop plan or an undo file in one SERIALIZABLE transaction: advisory lock, table
// locks, safety gates, the plan re-made and re-checked inside the transaction, the undo file
// written and fsync'd, the delete, the checks re-run, an audit row, COMMIT. Any failure rolls
// everything back; nothing is ever half-applied.
#pragma once

#include "db/connection_options.hpp"
#include "repair/drop_plan.hpp"
#include "repair/plan_report.hpp"
#include "repair/restore_plan.hpp"
#include "repair/undo_file.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace rwdoctor::repair {

struct SafetyGates
{
  bool allow_online = false; // --allow-online
  int lease_seconds = 30;    // --lease-secs: a fresher meta leader heartbeat means "online"
};

struct AuditOptions
{
  bool enabled = true;   // --no-audit-table turns it off
  std::string ticket;    // --ticket
  std::string arguments; // the command line, secrets removed
};

struct ApplyOptions
{
  SafetyGates gates;
  AuditOptions audit;
  std::string undo_path; // where the undo file goes
};

struct DropOutcome
{
  DropPlan plan;
  std::string undo_path;
  long audit_id = 0; // 0 without an audit row
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
  long audit_id = 0;
};

// Restores what `request` plans from the backup `backup` (read in its own read-only snapshot)
// into live, in one verified transaction as apply_drop does: the jobs and every job their
// restored edges touch must have no finding afterwards. `expected` is the rows hash of a plan
// shown or saved before.
RestoreOutcome apply_restore(const db::ConnectionOptions& live, const db::ConnectionOptions& backup,
                             const RestoreRequest& request, const ApplyOptions& options,
                             const std::optional<std::string>& expected_hash,
                             const std::function<void(const RestorePlan&)>& on_plan);

// A read-only snapshot session on the backup given with --from; connection errors name it.
std::unique_ptr<db::MetaStoreSession> open_backup(const db::ConnectionOptions& backup);

struct UndoOutcome
{
  std::size_t rows = 0;
  long audit_id = 0;
};

// Reverts a repair: for a drop, puts every row back, parents first, after verifying none of
// their keys exist and the tables still have the same columns, and moves sequences forward;
// for a restore, sets changed columns back and deletes exactly the inserted rows. Throws RefusedError or
// OperationalError with nothing changed.
UndoOutcome apply_undo(const db::ConnectionOptions& connection, const UndoData& undo, const SafetyGates& gates,
                       const AuditOptions& audit, const std::string& undo_path);

} // namespace rwdoctor::repair
