#include "repair/repair_executor.hpp"

#include "hummock/state_json.hpp"

#include "repair/repair_checks.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "core/error.hpp"
#include "core/fault.hpp"
#include "core/interrupt.hpp"
#include "db/cascade_indexes.hpp"
#include "db/row_store.hpp"

#include <fmt/format.h>
#include <pqxx/except>

#include <algorithm>
#include <optional>
#include <set>

namespace rwdoctor::repair {

namespace {

// The plan read the server's identity already, inside this transaction.
RepairStamp
stamp_of(const db::ServerIdentity& server, const std::string& repair_id, const ApplyOptions& options)
{
  return RepairStamp{repair_id, options.audit.enabled, server, utc_timestamp()};
}

// For a saved plan: "applied at ..." when the audit table has a repair with the plan's id.
// A plan applied and undone since is refused: its id is spent, and a new plan shows what a
// repair would do now.
std::optional<std::string>
applied_before(db::MetaStoreSession& session, const ApplyOptions& options)
{
  if (!options.saved_plan || options.repair_id.empty()) {
    return std::nullopt;
  }
  AuditLog audit(session);
  std::optional<AuditRow> applied;
  std::optional<AuditRow> undone;
  for (const auto& row : audit.rows_of(options.repair_id)) {
    if (row.action == "undo") {
      undone = row;
    } else if (row.repair_id == options.repair_id) {
      applied = row;
    }
  }
  if (!applied) {
    return std::nullopt;
  }
  if (undone) {
    throw RefusedError(fmt::format("this plan was applied at {} (audit row {}) and undone at {} (audit row {})",
                                   applied->at, applied->id, undone->at, undone->id),
                       "Make and review a new plan (--dry-run --plan-out), then apply that.");
  }
  return fmt::format("this plan was applied at {} (audit row {}, repair {}); nothing to do", applied->at, applied->id,
                     options.repair_id);
}

// After the change, inside the repair transaction (see repair_check_selection): the whole
// store, as drop's "before" run read it, or `scope` (RestorePlan::check_scope).
checks::CheckReport
run_verification_checks(db::MetaStoreSession& session, const std::optional<std::set<int>>& scope = std::nullopt)
{
  return checks::run_checks(session, checks::Catalogue::builtin(), repair_check_selection({}, scope), nullptr);
}

// A restore's "before": the checks of its scope in the repair transaction's snapshot, as
// they were before anything was written. They are read only when the after run has an
// inconsistency to compare (usually it has none, and a restore then costs one check run over
// its scope instead of two), and only the checks that found one, by a sibling connection that
// imports the snapshot the repair took after its locks, so it never sees the repair's own
// writes. Without a second connection they are all read at once, before the writes.
class RestoreBefore
{
public:
  // Before anything is written. A failed export ends the repair (the transaction is aborted).
  RestoreBefore(db::MetaStoreSession& live, const std::set<int>& scope) : m_scope(scope)
  {
    const auto snapshot_id = live.export_snapshot();
    try {
      m_sibling = live.open_sibling(snapshot_id);
    } catch (const OperationalError&) {
      m_eager = inconsistency_keys(checks::run_checks(live, checks::Catalogue::builtin(),
                                                      repair_check_selection({}, m_scope), nullptr));
    }
  }

  // The inconsistencies before the change of the checks that have one in `after`.
  std::set<FindingKey> keys_for(const checks::CheckReport& after)
  {
    if (m_eager) {
      return *m_eager;
    }
    auto selection = repair_check_selection({}, m_scope);
    selection.check_ids = checks_with_inconsistencies(after);
    if (selection.check_ids.empty()) {
      return {};
    }
    return inconsistency_keys(checks::run_checks(*m_sibling, checks::Catalogue::builtin(), selection, nullptr));
  }

private:
  const std::set<int>& m_scope;
  std::unique_ptr<db::MetaStoreSession> m_sibling;
  std::optional<std::set<FindingKey>> m_eager;
};

// One step of repair all, right after it was planned: its changes, whichever planner made them.
// `moved` collects the sequences it moved: setval is not transactional.
void
execute_step(db::MetaStoreSession& session, const AllStep& step, std::vector<SequenceMove>& moved)
{
  const auto& sequences = step.changes().sequences;
  // Recorded first: a setval that ran before a later statement of the step failed stays.
  moved.insert(moved.end(), sequences.begin(), sequences.end());
  execute_changes(session, step.changes(), "all");
  fault_point("all:after-step");
}

// A repair that moved sequences and then failed did not change "nothing": setval is not
// transactional, so the moves stay when the transaction rolls back. Rethrows the error in
// flight (inside a catch) saying which moved: forward, to their table's largest id, which is
// what the fix does and safe to keep. Ctrl-C's cancellation reads the same way.
[[noreturn]] void
rethrow_noting_moved_sequences(const std::vector<SequenceMove>& moved)
{
  std::vector<std::string> moves;
  for (const auto& move : moved) {
    moves.push_back(fmt::format("{} to {}", move.sequence, move.to));
  }
  const auto stayed = fmt::format("setval moved these sequences outside the transaction, and they stay moved: {}",
                                  fmt::join(moves, ", "));
  const std::string keep = "Only the sequences moved (forward, to their table's largest id: keep them).";
  try {
    throw;
  } catch (const CommitInDoubtError&) {
    throw;
  } catch (const PartlyRolledBackError&) {
    throw;
  } catch (const Error& error) {
    if (interrupted()) {
      throw PartlyRolledBackError(ExitCode::refused, "cancelled; the repair was rolled back, but " + stayed, keep);
    }
    auto hint = error.hint();
    const std::string nothing_changed = "Nothing was changed. ";
    if (hint.rfind(nothing_changed, 0) == 0) {
      hint.erase(0, nothing_changed.size());
    }
    throw PartlyRolledBackError(error.exit_code(), fmt::format("{}; but {}", error.what(), stayed),
                                hint.empty() ? keep : keep + " " + hint);
  } catch (...) {
    if (interrupted()) {
      throw PartlyRolledBackError(ExitCode::refused, "cancelled; the repair was rolled back, but " + stayed, keep);
    }
    throw;
  }
}

// After repair all's steps, inside its transaction: the checks of the whole store find
// nothing new, each step took its own root finding away (a sequence's is keyed by its name),
// and an incident no step repaired that went with the steps before it (a finding about a job
// that only restated another's broken rows) moves from `plan.remaining` to
// `outcome.resolved_by_steps`: it is repaired, not left. Throws OperationalError otherwise.
void
verify_all_steps(db::MetaStoreSession& live, AllPlan& plan, AllOutcome& outcome)
{
  const auto after = run_verification_checks(live);
  verify_after_repair(plan.live_findings, after, plan.repaired());
  const auto after_keys = inconsistency_keys(after);
  for (const auto& step : plan.steps) {
    const auto& root = step.incident.root;
    if (after_keys.count(finding_key(root)) != 0) {
      throw OperationalError(fmt::format("the repair of incident {} ({}) did not take its finding away: [{}] {}; "
                                         "everything was rolled back",
                                         step.incident.id, step.incident.title, root.check, root.message),
                             "Run rwdoctor check and repair this incident by hand (rwdoctor explain names how).");
    }
  }
  outcome.inconsistencies_after = after_keys.size();
  auto& remaining = plan.remaining;
  for (auto left = remaining.begin(); left != remaining.end();) {
    const auto& root = left->incident.root;
    if (after_keys.count(finding_key(root)) == 0) {
      outcome.resolved_by_steps.push_back(left->incident);
      left = remaining.erase(left);
    } else {
      ++left;
    }
  }
}

} // namespace

std::unique_ptr<db::MetaStoreSession>
open_backup(const db::ConnectionOptions& backup)
{
  try {
    return std::make_unique<db::MetaStoreSession>(backup);
  } catch (const OperationalError& error) {
    throw OperationalError(fmt::format("backup: {}", error.what()),
                           "Check the backup meta store given with --from (a database name, conninfo or URI).");
  }
}

DropOutcome
apply_drop(const db::ConnectionOptions& connection, const DropRequest& request, const ApplyOptions& options,
           const std::optional<SavedPlan>& expected, const std::function<void(const DropPlan&)>& on_plan)
{
  const auto repair_id = options.repair_id.empty() ? new_repair_id() : options.repair_id;
  return with_retries("repair", options.undo_path, [&](PendingUndoFile& undo_file) {
    db::MetaStoreSession session(connection, db::SessionMode::repair);
    fault_point("drop:connected");
    prepare_repair_transaction(session, options.gates, options.on_lock_wait);
    fault_point("drop:locked");
    if (auto done = applied_before(session, options)) {
      DropOutcome outcome;
      outcome.nothing_to_do = std::move(done);
      outcome.repair_id = repair_id;
      return outcome;
    }
    auto plan = plan_drop(session, request);
    fault_point("drop:planned");
    if (plan.nothing_to_do) {
      DropOutcome outcome;
      outcome.nothing_to_do = plan.nothing_to_do;
      outcome.repair_id = repair_id;
      return outcome;
    }
    refuse_if_any(plan.refusals, "the plan");
    if (expected) {
      if (expected->oids != plan.oids() || expected->rows_hash != plan.rows_hash) {
        throw RefusedError("the plan is stale: the meta store changed since it was made",
                           "Make and review a new plan (rwdoctor repair drop --dry-run), then apply that.");
      }
    }
    if (on_plan) {
      on_plan(plan);
    }

    fault_point("drop:before-undo-write");
    undo_file.write(make_undo_document(plan, stamp_of(plan.server, repair_id, options)));
    fault_point("drop:after-undo-write");

    execute_changes(session, plan.changes, "drop");

    const auto after = checks::run_checks(session, checks::Catalogue::builtin(), drop_check_selection(), nullptr);
    verify_after_repair(plan.live_findings, after, plan.oids());
    fault_point("drop:after-verify");

    DropOutcome outcome;
    outcome.audit_id =
      write_audit_row(session, options.audit,
                      AuditEntry{"drop", repair_id, "", plan.rows_hash, plan.oids(), plan.row_counts(), options.undo_path,
                                 hummock::job_states_json(plan.state).dump()});
    fault_point("drop:after-audit");
    fault_point("drop:before-commit");
    session.commit();
    fault_point("drop:committed-not-published");
    outcome.undo_path = undo_file.publish();
    fault_point("drop:after-commit");
    outcome.plan = std::move(plan);
    outcome.repair_id = repair_id;
    return outcome;
  });
}

RestoreOutcome
apply_restore(const db::ConnectionOptions& live_connection, const db::ConnectionOptions& backup_connection,
              const RestoreRequest& request, const ApplyOptions& options,
              const std::optional<std::string>& expected_hash, const std::function<void(const RestorePlan&)>& on_plan)
{
  const auto repair_id = options.repair_id.empty() ? new_repair_id() : options.repair_id;
  return with_retries("restore", options.undo_path, [&](PendingUndoFile& undo_file) {
    db::MetaStoreSession live(live_connection, db::SessionMode::repair);
    auto backup_session = open_backup(backup_connection);
    auto& backup = *backup_session;
    prepare_repair_transaction(live, options.gates, options.on_lock_wait);
    fault_point("restore:locked");
    if (auto done = applied_before(live, options)) {
      RestoreOutcome outcome;
      outcome.nothing_to_do = std::move(done);
      outcome.repair_id = repair_id;
      return outcome;
    }
    BackupChecks backup_checks;
    auto plan = plan_restore(live, backup, db::describe_target(backup_connection), request, &backup_checks);
    fault_point("restore:planned");
    if (plan.nothing_to_do) {
      RestoreOutcome outcome;
      outcome.nothing_to_do = plan.nothing_to_do;
      outcome.repair_id = repair_id;
      return outcome;
    }
    refuse_if_any(plan.refusals, "the restore");
    if (expected_hash && *expected_hash != plan.rows_hash) {
      throw RefusedError("the plan is stale: live or the backup changed since it was made",
                         "Make and review a new plan (rwdoctor repair restore --dry-run), then apply that.");
    }
    if (on_plan) {
      on_plan(plan);
    }

    RestoreBefore before(live, plan.check_scope);

    fault_point("restore:before-undo-write");
    undo_file.write(make_restore_undo_document(plan, stamp_of(plan.server, repair_id, options)));
    fault_point("restore:after-undo-write");

    execute_changes(live, plan.changes, "restore");
    const auto after = run_verification_checks(live, plan.check_scope);
    // The backup's checks ran beside the writes and the after run; the plan the user saw had
    // them (unless --yes), and a backup found inconsistent now rolls the restore back.
    if (backup_checks.valid()) {
      refuse_if_any(backup_check_refusals(backup_checks), "the restore");
    }
    auto touched = plan.request.jobs;
    touched.insert(touched.end(), plan.neighbour_jobs.begin(), plan.neighbour_jobs.end());
    verify_after_repair(before.keys_for(after), after, touched);
    fault_point("restore:after-verify");

    RestoreOutcome outcome;
    outcome.audit_id = write_audit_row(
      live, options.audit,
      AuditEntry{"restore", repair_id, "", plan.rows_hash, plan.request.jobs, plan.row_counts(), options.undo_path,
                 hummock::job_states_json(plan.state).dump()});
    fault_point("restore:before-commit");
    live.commit();
    fault_point("restore:committed-not-published");
    outcome.undo_path = undo_file.publish();
    fault_point("restore:after-commit");
    outcome.plan = std::move(plan);
    outcome.repair_id = repair_id;
    return outcome;
  });
}

AllOutcome
apply_all(const db::ConnectionOptions& live_connection, const std::optional<db::ConnectionOptions>& backup_connection,
          const AllRequest& request, const ApplyOptions& options, const std::optional<std::string>& expected_hash,
          const std::function<void(const AllPlan&)>& on_plan)
{
  const auto repair_id = options.repair_id.empty() ? new_repair_id() : options.repair_id;
  return with_retries("repair", options.undo_path, [&](PendingUndoFile& undo_file) {
    db::MetaStoreSession live(live_connection, db::SessionMode::repair);
    std::unique_ptr<db::MetaStoreSession> backup;
    if (backup_connection) {
      backup = open_backup(*backup_connection);
    }
    prepare_repair_transaction(live, options.gates, options.on_lock_wait);
    fault_point("all:locked");
    AllOutcome outcome;
    outcome.repair_id = repair_id;
    if (auto done = applied_before(live, options)) {
      outcome.nothing_to_do = std::move(done);
      return outcome;
    }
    std::vector<SequenceMove> moved;
    try {
      // Each step is planned on the store the steps before it left, and applied at once.
      auto plan = plan_all(live, backup.get(), backup_connection ? db::describe_target(*backup_connection) : "", request,
                           [&](const AllStep& step) { execute_step(live, step, moved); });
      fault_point("all:planned");
      refuse_if_any(plan.refusals, "the plan");
      if (expected_hash && *expected_hash != plan.rows_hash) {
        throw RefusedError("the plan is stale: the meta store (or the backup) changed since it was made, or a step "
                           "plans differently once the steps before it have run",
                           "Make and review a new plan (rwdoctor repair all --dry-run), then apply that.");
      }
      if (on_plan) {
        on_plan(plan);
      }
      if (plan.steps.empty()) {
        outcome.plan = std::move(plan); // nothing was written: the transaction rolls back
        return outcome;
      }
      // Written after the changes (each step is planned on the ones before it) and before the
      // checks and COMMIT: a repair that commits always has its undo file on disk.
      fault_point("all:before-undo-write");
      undo_file.write(make_all_undo_document(plan, stamp_of(plan.server, repair_id, options)));
      fault_point("all:after-undo-write");

      verify_all_steps(live, plan, outcome);
      fault_point("all:after-verify");

      outcome.audit_id =
        write_audit_row(live, options.audit,
                        AuditEntry{"all", repair_id, "", plan.rows_hash, plan.repaired(), plan.row_counts(),
                                   options.undo_path, hummock::job_states_json(plan.state()).dump()});
      fault_point("all:before-commit");
      live.commit();
      fault_point("all:committed-not-published");
      outcome.undo_path = undo_file.publish();
      fault_point("all:after-commit");
      outcome.plan = std::move(plan);
      return outcome;
    } catch (const pqxx::transaction_rollback&) {
      throw; // with_retries runs the repair again, on the sequences as they are now
    } catch (...) {
      if (moved.empty()) {
        throw;
      }
      rethrow_noting_moved_sequences(moved);
    }
  });
}

} // namespace rwdoctor::repair
