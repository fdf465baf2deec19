#include "repair/repair_executor.hpp"

#include "repair/repair_checks.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "core/error.hpp"
#include "core/fault.hpp"
#include "core/version.hpp"
#include "db/cascade_indexes.hpp"
#include "db/row_store.hpp"
#include "store/generation.hpp"
#include "util/durable_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/except>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <pwd.h>
#include <set>
#include <thread>

namespace rwdoctor::repair {

namespace {

constexpr int k_attempts = 3; // serialization failures are retried this often
// How often, and how far apart, the online gate looks while only rwdoctor's sessions remain.
constexpr int k_gate_looks = 21;
constexpr std::chrono::milliseconds k_gate_pause{100};

void
check_gates(db::MetaStoreSession& session, const SafetyGates& gates)
{
  if (gates.allow_online) {
    return;
  }
  const auto hint = "Stop every meta node (and other clients of this database) first, or pass --allow-online "
                    "if you are sure nothing writes to the meta store.";
  if (session.schema_facts().has("election_leader")) {
    const auto rows = session.run_file("sql/repair/leader_heartbeat.sql");
    if (!rows.values.empty() && rows.values[0][0]) {
      const double age = std::stod(*rows.values[0][0]);
      if (age < gates.lease_seconds) {
        throw RefusedError(fmt::format("a meta node leader sent a heartbeat {:.0f} seconds ago (fresher than "
                                       "--lease-secs {}): the meta node looks alive",
                                       age, gates.lease_seconds),
                           hint);
      }
    }
  }
  // The backend of an rwdoctor command that has just exited (a runbook's previous step) can
  // be listed for a moment after its client is gone. While every other session is
  // rwdoctor's, the gate looks again before it refuses; any other client refuses at once.
  for (int look = 1;; ++look) {
    const auto sessions = session.run_file("sql/repair/online_gate.sql");
    const auto value = [&](std::size_t column) {
      return sessions.values.empty() ? 0L : std::stol(sessions.values[0][column].value_or("0"));
    };
    const long others = value(0);
    const long own = value(1);
    if (others == 0) {
      return;
    }
    if (own < others || look == k_gate_looks) {
      throw RefusedError(fmt::format("{} other client session(s) are connected to database \"{}\"{}", others,
                                     session.database(),
                                     own == 0 ? "" : fmt::format(" ({} of them rwdoctor's, still there after {} ms)", own,
                                                                 (k_gate_looks - 1) * k_gate_pause.count())),
                         hint);
    }
    std::this_thread::sleep_for(k_gate_pause);
    session.run_file("sql/repair/activity_snapshot_clear.sql");
  }
}

// The repair lock, the gates and the table list are read in a first transaction; the
// repair's own transaction then starts with LOCK TABLE, so its snapshot is taken after the
// locks and a write that committed while the repair waited for them is part of the plan (the
// sibling of the before run imports that snapshot too). The gates are read twice: first so
// that a live meta store is refused without its tables ever being locked (a waiting EXCLUSIVE
// lock stalls the meta node's writes), then again under the locks.
void
prepare_repair_transaction(db::MetaStoreSession& session, const SafetyGates& gates)
{
  db::take_repair_lock(session);
  check_gates(session, gates);
  const auto tables = db::tables_linked_to_object(session);
  session.restart_repair_transaction();
  db::lock_tables(session, tables);
  check_gates(session, gates);
}

std::string
os_user()
{
  if (const auto* entry = getpwuid(geteuid())) {
    return entry->pw_name;
  }
  return std::to_string(geteuid());
}

std::string
host_name()
{
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

long
write_audit_row(db::MetaStoreSession& session, const AuditOptions& audit, std::string_view action,
                const std::string& plan_hash, const std::map<std::string, std::size_t>& counts,
                const std::string& undo_path)
{
  if (!audit.enabled) {
    return 0;
  }
  nlohmann::json counts_json = nlohmann::json::object();
  for (const auto& [table, count] : counts) {
    counts_json[table] = count;
  }
  session.run_file("sql/repair/audit_prepare.sql");
  const auto rows = session.run_file("sql/repair/audit_insert.sql",
                                     {os_user(), host_name(), std::string(tool_version()), std::string(action),
                                      audit.arguments, plan_hash, audit.ticket, counts_json.dump(), undo_path});
  return rows.values.empty() ? 0 : std::stol(rows.values[0][0].value_or("0"));
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

namespace {

// Refuses with the first reason a plan must not run, saying how many more there are.
void
refuse_if_any(const std::vector<std::string>& refusals, std::string_view what)
{
  if (refusals.empty()) {
    return;
  }
  throw RefusedError(fmt::format("{} cannot be applied: {}", what, refusals.front()),
                     refusals.size() > 1 ? fmt::format("There {} {} more; see them all with --dry-run.",
                                                       refusals.size() == 2 ? "is" : "are", refusals.size() - 1)
                                         : "See the plan with --dry-run.");
}

// Runs one attempt of a repair after another until it commits: a serialization failure or a
// deadlock is retried (k_attempts in all), any other failure ends it. `body` records the undo file it
// wrote in its argument, so a repair that did not commit leaves none behind (unless the
// commit's outcome is unknown: then the undo file may be needed).
template <typename Body>
auto
with_retries(std::string_view what, Body&& body) -> decltype(body(std::declval<std::string&>()))
{
  for (int attempt = 1;; ++attempt) {
    std::string written_undo;
    try {
      return body(written_undo);
    } catch (const pqxx::transaction_rollback&) {
      // A serialization failure or a deadlock with another writer: nothing was committed, so
      // the whole attempt runs again.
      util::remove_file_quietly(written_undo);
      if (attempt >= k_attempts) {
        throw OperationalError(fmt::format("the {} hit {} serialization failures or deadlocks in a row and was "
                                           "rolled back",
                                           what, attempt),
                               fmt::format("Another session keeps writing to the meta store; stop it and run the {} "
                                           "again.",
                                           what));
      }
    } catch (const OperationalError& error) {
      if (std::string(error.what()).find("cannot tell whether") == std::string::npos) {
        util::remove_file_quietly(written_undo);
      }
      throw;
    } catch (...) {
      util::remove_file_quietly(written_undo);
      throw;
    }
  }
}

} // namespace

DropOutcome
apply_drop(const db::ConnectionOptions& connection, const DropRequest& request, const ApplyOptions& options,
           const std::optional<SavedPlan>& expected, const std::function<void(const DropPlan&)>& on_plan)
{
  return with_retries("repair", [&](std::string& written_undo) {
    db::MetaStoreSession session(connection, db::SessionMode::repair);
    fault_point("drop:connected");
    prepare_repair_transaction(session, options.gates);
    fault_point("drop:locked");
    auto plan = plan_drop(session, request);
    fault_point("drop:planned");
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
    const auto undo_text = make_undo_document(plan, utc_timestamp());
    util::write_new_file_durably(options.undo_path, undo_text);
    written_undo = options.undo_path;
    fault_point("drop:after-undo-write");

    const auto cascade_indexes = db::create_cascade_indexes(session, plan.cascade_indexes);
    for (const auto& [table, column] : plan.explicit_deletes) {
      db::delete_where_in(session, table, column, plan.oids());
    }
    db::delete_objects(session, plan.oids());
    db::drop_cascade_indexes(session, cascade_indexes);
    fault_point("drop:after-delete");

    const auto after = run_verification_checks(session);
    verify_after_repair(plan.live_findings, after, plan.oids());
    fault_point("drop:after-verify");

    DropOutcome outcome;
    outcome.audit_id = write_audit_row(session, options.audit, "drop", plan.rows_hash, plan.row_counts(), options.undo_path);
    fault_point("drop:after-audit");
    fault_point("drop:before-commit");
    session.commit();
    fault_point("drop:after-commit");
    outcome.plan = std::move(plan);
    outcome.undo_path = options.undo_path;
    return outcome;
  });
}

RestoreOutcome
apply_restore(const db::ConnectionOptions& live_connection, const db::ConnectionOptions& backup_connection,
              const RestoreRequest& request, const ApplyOptions& options,
              const std::optional<std::string>& expected_hash, const std::function<void(const RestorePlan&)>& on_plan)
{
  return with_retries("restore", [&](std::string& written_undo) {
    db::MetaStoreSession live(live_connection, db::SessionMode::repair);
    auto backup_session = open_backup(backup_connection);
    auto& backup = *backup_session;
    prepare_repair_transaction(live, options.gates);
    fault_point("restore:locked");
    BackupChecks backup_checks;
    auto plan = plan_restore(live, backup, db::describe_target(backup_connection), request, &backup_checks);
    fault_point("restore:planned");
    refuse_if_any(plan.refusals, "the restore");
    if (expected_hash && *expected_hash != plan.rows_hash) {
      throw RefusedError("the plan is stale: live or the backup changed since it was made",
                         "Make and review a new plan (rwdoctor repair restore --dry-run), then apply that.");
    }
    if (on_plan) {
      on_plan(plan);
    }

    RestoreBefore before(live, plan.check_scope);

    std::vector<std::string> names;
    for (const auto& table : plan.inserts) {
      names.push_back(table.table);
    }
    std::reverse(names.begin(), names.end());
    fault_point("restore:before-undo-write");
    util::write_new_file_durably(options.undo_path, make_restore_undo_document(plan, names, utc_timestamp()));
    written_undo = options.undo_path;
    fault_point("restore:after-undo-write");

    for (const auto& table : plan.inserts) {
      db::insert_rows(live, table);
      fault_point("restore:after-table");
    }
    for (const auto& update : plan.updates) {
      db::update_column(live, update.table, update.key_columns, update.key_types, update.key, update.column,
                        update.type, update.new_value);
    }
    fault_point("restore:after-insert");
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
    outcome.audit_id = write_audit_row(live, options.audit, "restore", plan.rows_hash, plan.row_counts(),
                                       options.undo_path);
    fault_point("restore:before-commit");
    live.commit();
    fault_point("restore:after-commit");
    outcome.plan = std::move(plan);
    outcome.undo_path = options.undo_path;
    return outcome;
  });
}

UndoOutcome
apply_undo(const db::ConnectionOptions& connection, const UndoData& undo, const SafetyGates& gates,
           const AuditOptions& audit, const std::string& undo_path)
{
  return with_retries("undo", [&](std::string& /*no undo file*/) {
    db::MetaStoreSession session(connection, db::SessionMode::repair);
    prepare_repair_transaction(session, gates);
    const auto facts = session.schema_facts();
    const auto generation = store::detect_generation(session.applied_migrations());
    if (generation.label != undo.generation) {
      throw RefusedError(fmt::format("the undo file was written for a RisingWave {} meta store; this one is {}",
                                     undo.generation, generation.label),
                         "Point -d (and --schema) at the meta store the repair changed.");
    }
    for (const auto& table : undo.tables) {
      for (const auto& column : table.columns) {
        if (!facts.has(table.table + "." + column)) {
          throw RefusedError(fmt::format("table {} of the meta store has no column {}, which the undo file has",
                                         table.table, column),
                             "The undo file belongs to another meta store or release; point -d at the right one.");
        }
      }
    }
    UndoOutcome outcome;
    std::vector<std::string> tables;
    std::map<std::string, std::size_t> counts;
    fault_point("undo:before-insert");
    // A restore is undone by setting changed columns back, then deleting what it inserted.
    for (const auto& update : undo.updated) {
      db::update_column(session, update.table, update.key_columns, update.key_types, update.key, update.column,
                        update.type, update.old_value);
    }
    if (!undo.inserted.empty()) {
      const auto cascade_indexes = db::create_cascade_indexes(
        session, db::plan_cascade_indexes(session, db::tables_linked_to_object(session)));
      for (const auto& rows : undo.inserted) {
        db::delete_rows_by_key(session, rows.table, rows.key_columns, rows.key_types, rows.keys);
        outcome.rows += rows.keys.size();
        counts[rows.table] = rows.keys.size();
      }
      db::drop_cascade_indexes(session, cascade_indexes);
    }
    for (const auto& table : undo.tables) {
      db::insert_rows(session, table);
      outcome.rows += table.rows.size();
      counts[table.table] = table.rows.size();
      tables.push_back(table.table);
      fault_point("undo:after-table");
    }
    fault_point("undo:after-insert");
    db::advance_sequences(session, tables);
    fault_point("undo:after-sequences");
    outcome.audit_id = write_audit_row(session, audit, "undo", undo.plan_hash, counts, undo_path);
    fault_point("undo:before-commit");
    session.commit();
    fault_point("undo:after-commit");
    return outcome;
  });
}

} // namespace rwdoctor::repair
