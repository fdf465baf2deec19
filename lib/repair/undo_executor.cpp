// rwdoctor undo: where and when an undo file applies (the target, the audit table, the rows),
// then the undo itself in one transaction locked like a repair.
#include "repair/repair_executor.hpp"

#include "core/error.hpp"
#include "core/fault.hpp"
#include "db/cascade_indexes.hpp"
#include "db/row_store.hpp"
#include "repair/undo_references.hpp"
#include "repair/undo_rules.hpp"
#include "repair/restore_state.hpp"
#include "store/generation.hpp"
#include "util/durable_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <unistd.h>

namespace rwdoctor::repair {

namespace {

using Values = std::vector<std::optional<std::string>>;

constexpr std::size_t k_listed_differences = 5;

const char* const k_target_hint =
  "Run undo without -d, -h and -p: it connects to the meta store the file names. Or point them (and --schema) at that "
  "meta store.";

std::string
describe_server(const db::ServerIdentity& server)
{
  return fmt::format("{}host {} port {}",
                     server.system_identifier ? fmt::format("system identifier {}, ", *server.system_identifier) : "",
                     server.host.empty() ? "(default)" : server.host, server.port.empty() ? "(default)" : server.port);
}

// Refuses an undo file made for another database, schema, server or release.
void
verify_target(db::MetaStoreSession& session, const UndoData& undo, const std::string& path)
{
  if (session.database() != undo.database || session.schema() != undo.schema) {
    throw RefusedError(fmt::format("'{}' undoes a repair of database \"{}\" schema \"{}\"; this is database \"{}\" "
                                   "schema \"{}\"",
                                   path, undo.database, undo.schema, session.database(), session.schema()),
                       k_target_hint);
  }
  if (undo.server) {
    const auto live = session.server_identity();
    const bool both_known = undo.server->system_identifier && live.system_identifier;
    const bool same = both_known ? *undo.server->system_identifier == *live.system_identifier
                                 : undo.server->host == live.host && undo.server->port == live.port;
    if (!same) {
      throw RefusedError(fmt::format("'{}' undoes a repair on another PostgreSQL server ({}); this one is {}", path,
                                     describe_server(*undo.server), describe_server(live)),
                         k_target_hint);
    }
  }
  const auto generation = store::detect_generation(session.applied_migrations());
  if (generation.label != undo.generation) {
    throw RefusedError(fmt::format("the undo file was written for a RisingWave {} meta store; this one is {}",
                                   undo.generation, generation.label),
                       "Point -d (and --schema) at the meta store the repair changed.");
  }
}

void
verify_columns(const store::SchemaFacts& facts, const std::string& table, const std::vector<std::string>& columns)
{
  for (const auto& column : columns) {
    if (!facts.has(table + "." + column)) {
      throw RefusedError(fmt::format("table {} of the meta store has no column {}, which the undo file has", table,
                                     column),
                         "The undo file belongs to another meta store or release; point -d at the right one.");
    }
  }
}

std::string
key_text(const std::string& table, const Values& key)
{
  std::string values;
  for (const auto& value : key) {
    values += fmt::format("{}{}", values.empty() ? "" : ", ", util::printable(value.value_or("NULL")));
  }
  return fmt::format("{} ({})", table, values);
}

void
note_difference(UndoEvidence& evidence, std::string text)
{
  ++evidence.differing_count;
  if (evidence.differing.size() < k_listed_differences) {
    evidence.differing.push_back(std::move(text));
  }
}

std::vector<std::size_t>
positions_of(const std::vector<std::string>& wanted, const std::vector<std::string>& columns)
{
  std::vector<std::size_t> positions;
  for (const auto& name : wanted) {
    positions.push_back(
      static_cast<std::size_t>(std::find(columns.begin(), columns.end(), name) - columns.begin()));
  }
  return positions;
}

Values
project(const Values& row, const std::vector<std::size_t>& positions)
{
  Values key;
  for (const auto position : positions) {
    key.push_back(position < row.size() ? row[position] : std::nullopt);
  }
  return key;
}

// A restore's rows and columns as live has them, against what the restore wrote. Every row
// not as it left them is listed (for the message); whether that refuses or means "already
// undone" the rules decide from the counts.
void
compare_restore(db::MetaStoreSession& session, const store::SchemaFacts& facts, const UndoData& undo,
                UndoEvidence& evidence)
{
  for (const auto& rows : undo.inserted) {
    verify_columns(facts, rows.table, rows.columns);
    const auto key_positions = positions_of(rows.key_columns, rows.columns);
    std::map<Values, std::string> expected;
    for (std::size_t i = 0; i < rows.keys.size(); ++i) {
      expected.emplace(rows.keys[i], rows.row_hashes[i]);
    }
    evidence.rows += expected.size();
    db::visit_rows_by_key(session, rows.table, rows.columns, rows.key_columns, rows.keys, [&](Values& row) {
      const auto key = project(row, key_positions);
      const auto found = expected.find(key);
      if (found == expected.end()) {
        return;
      }
      if (row_sha256(row) == found->second) {
        ++evidence.rows_identical;
      } else {
        note_difference(evidence, key_text(rows.table, key) + ": changed since the restore");
      }
      expected.erase(found);
    });
    evidence.rows_absent += expected.size();
    for (const auto& [key, hash] : expected) {
      note_difference(evidence, key_text(rows.table, key) + ": gone");
    }
  }
  for (const auto& update : undo.updated) {
    verify_columns(facts, update.table, {update.column});
    auto columns = update.key_columns;
    columns.push_back(update.column);
    ++evidence.columns;
    std::optional<Values> live;
    db::visit_rows_by_key(session, update.table, columns, update.key_columns, {update.key},
                          [&](Values& row) { live = row; });
    const auto where = fmt::format("{}.{} of {}", update.table, update.column, key_text(update.table, update.key));
    if (!live) {
      note_difference(evidence, where + ": its row is gone");
    } else if (live->back() == update.new_value) {
      ++evidence.columns_at_new;
    } else if (live->back() == update.old_value) {
      ++evidence.columns_at_old;
      note_difference(evidence, where + ": holds its old value again");
    } else {
      note_difference(evidence, where + ": holds another value");
    }
  }
}

// A drop's rows: each one to put back is absent from live, present byte for byte, or present
// with other content.
void
compare_drop(db::MetaStoreSession& session, const store::SchemaFacts& facts, const UndoData& undo,
             UndoEvidence& evidence, RowCounts& counts)
{
  const auto primary_keys = db::primary_keys(session);
  for (const auto& table : undo.tables) {
    verify_columns(facts, table.table, table.columns);
    const auto found_key = primary_keys.find(table.table);
    const auto key_columns = found_key != primary_keys.end() ? found_key->second : table.columns;
    const auto key_positions = positions_of(key_columns, table.columns);
    std::map<Values, const Values*> expected;
    std::vector<Values> keys;
    for (const auto& row : table.rows) {
      auto key = project(row, key_positions);
      keys.push_back(key);
      expected.emplace(std::move(key), &row);
    }
    counts.rows += table.rows.size();
    db::visit_rows_by_key(session, table.table, table.columns, key_columns, keys, [&](Values& row) {
      const auto key = project(row, key_positions);
      const auto found = expected.find(key);
      if (found == expected.end()) {
        return;
      }
      if (row == *found->second) {
        ++counts.identical;
        note_difference(evidence, key_text(table.table, key) + ": already there");
      } else {
        note_difference(evidence, key_text(table.table, key) + ": there with other content");
      }
      expected.erase(found);
    });
    counts.absent += expected.size();
  }
}

UndoEvidence
gather_evidence(db::MetaStoreSession& session, const UndoData& undo, const std::string& path)
{
  UndoEvidence evidence;
  evidence.action = undo.action;
  evidence.repair_id = undo.repair_id;
  evidence.audited = undo.audited;
  evidence.pending = is_pending_undo_path(path);
  evidence.path = path;

  AuditLog audit(session);
  evidence.audit_readable = audit.readable();
  const auto steps_prefix = undo.repair_id + "#";
  for (const auto& row : audit.rows_of(undo.repair_id)) {
    if (row.action == "undo" && row.undoes == undo.repair_id) {
      if (!evidence.undo_row) {
        evidence.undo_row = row;
      }
    } else if (row.action == "undo" && row.undoes.compare(0, steps_prefix.size(), steps_prefix) == 0) {
      std::string_view list(row.undoes);
      list.remove_prefix(steps_prefix.size());
      while (!list.empty()) {
        const auto comma = list.find(',');
        int incident = 0;
        if (util::parse_int32(list.substr(0, comma), incident)) {
          evidence.steps_undone.insert(incident);
        }
        list.remove_prefix(comma == std::string_view::npos ? list.size() : comma + 1);
      }
    } else if (row.repair_id == undo.repair_id) {
      evidence.repair_row = row;
    }
  }
  for (const auto& step : undo.steps) {
    evidence.steps.push_back(step.incident);
    if (::access(undone_step_marker_path(path, step.incident).c_str(), F_OK) == 0) {
      evidence.steps_undone.insert(step.incident);
    }
  }
  evidence.selected_steps = undo.only_incidents;
  // Later drops and restores of its own jobs, and for a restore of the jobs its edges connect
  // to: dropping one of those took some of its rows with it.
  auto touched = undo.oids;
  touched.insert(touched.end(), undo.neighbour_jobs.begin(), undo.neighbour_jobs.end());
  evidence.later_repairs =
    audit.later_repairs(undo.repair_id, touched, evidence.repair_row ? evidence.repair_row->id : 0, undo.created_at);
  const auto marker = undone_marker_path(path);
  if (::access(marker.c_str(), F_OK) == 0) {
    evidence.marker = util::first_line(util::read_whole_file(marker));
  }
  const auto facts = session.schema_facts();
  if (undo.action == "restore") {
    compare_restore(session, facts, undo, evidence);
  } else if (undo.action == "all" || !undo.updated.empty()) {
    // A drop that also set columns (a sink's target table) is judged like a repair all.
    compare_restore(session, facts, undo, evidence);
    compare_drop(session, facts, undo, evidence, evidence.removed);
  } else {
    RowCounts counts;
    compare_drop(session, facts, undo, evidence, counts);
    evidence.rows = counts.rows;
    evidence.rows_absent = counts.absent;
    evidence.rows_identical = counts.identical;
  }
  return evidence;
}

// The steps of a repair all whose undo alone the Hummock state allows (those that put back no
// job whose state is gone), as `--incident N` options; "" when none can.
std::string
steps_undoable_alone(db::MetaStoreSession& session, const UndoData& undo)
{
  std::set<int> alone;
  for (const auto& step : undo.steps) {
    if (!step.has_parts) {
      return "";
    }
    std::map<int, hummock::StateSummary> states;
    std::vector<std::string> refusals;
    if (!step.tables.empty()) {
      grade_undone_state(session, step.tables, states, refusals);
    }
    if (refusals.empty()) {
      alone.insert(step.incident);
    }
  }
  std::string options;
  for (const int incident : alone) {
    options += fmt::format(" --incident {}", incident);
  }
  return options;
}

// A drop's rows put back bring its jobs back: not when Hummock has let their state go.
void
refuse_if_undone_state_gone(db::MetaStoreSession& session, const UndoData& undo, const std::string& path)
{
  if (undo.tables.empty()) {
    return;
  }
  std::map<int, hummock::StateSummary> states;
  std::vector<std::string> refusals;
  grade_undone_state(session, undo.tables, states, refusals);
  if (!refusals.empty()) {
    // A repair all's file taken back whole: say which of its steps can still be taken back alone.
    std::string steps;
    if (undo.action == "all" && undo.only_incidents.empty()) {
      const auto alone = steps_undoable_alone(session, undo);
      steps = alone.empty() ? " None of the steps of this repair all can be taken back alone, so none is taken back."
                            : fmt::format(" The steps of this repair all that can be taken back alone: rwdoctor undo "
                                          "{}{} --yes.",
                                          path, alone);
    }
    throw RefusedError(fmt::format("the undo would bring back a job whose state is gone: {}", refusals.front()),
                       "Leave the job dropped and recreate it; only a RisingWave meta backup taken before the "
                       "drop, restored for the whole cluster, has its data." + steps);
  }
}

// Rows written since that reference the rows to delete: the undo would break them.
void
refuse_if_inserted_rows_referenced(db::MetaStoreSession& session, const UndoData& undo)
{
  const auto references = rows_referencing(session, undo.inserted);
  if (references.empty()) {
    return;
  }
  const std::vector<std::string> named(
    references.begin(), references.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(3, references.size())));
  throw RefusedError(fmt::format("the rows the repair inserted are referenced by rows it did not write (changed "
                                 "since, or there before and left as they were): {}{}",
                                 fmt::join(named, "; "),
                                 references.size() > named.size()
                                   ? fmt::format(" (+{} more)", references.size() - named.size())
                                   : std::string()),
                     "Nothing was changed. Leave the repair in place, or point those rows elsewhere first "
                     "(with the meta node stopped) and run the undo again.");
}

// Deletes the rows a restore inserted, counting them into `outcome` and `counts` (per table).
void
delete_inserted_rows(db::MetaStoreSession& session, const UndoData& undo, UndoOutcome& outcome,
                     std::map<std::string, std::size_t>& counts)
{
  refuse_if_inserted_rows_referenced(session, undo);
  const auto cascade_indexes =
    db::create_cascade_indexes(session, db::plan_cascade_indexes(session, db::tables_linked_to_object(session)));
  for (const auto& rows : undo.inserted) {
    db::delete_rows_by_key(session, rows.table, rows.key_columns, rows.key_types, rows.keys);
    outcome.rows += rows.keys.size();
    counts[rows.table] += rows.keys.size();
  }
  db::drop_cascade_indexes(session, cascade_indexes);
}

// The undo's writes, its audit row and the COMMIT, once the evidence allows it.
UndoOutcome
write_undo(db::MetaStoreSession& session, const UndoData& undo, const ApplyOptions& options)
{
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
    delete_inserted_rows(session, undo, outcome, counts);
  }
  for (const auto& table : undo.tables) {
    db::insert_rows(session, table);
    outcome.rows += table.rows.size();
    counts[table.table] += table.rows.size();
    tables.push_back(table.table);
    fault_point("undo:after-table");
  }
  fault_point("undo:after-insert");
  outcome.sequences_moved = db::advance_sequences(session, tables);
  fault_point("undo:after-sequences");
  // An undo of some steps says which (undoes_steps): the repair itself still stands.
  const auto undoes =
    undo.only_incidents.empty() ? undo.repair_id : undoes_steps(undo.repair_id, undo.only_incidents);
  outcome.audit_id = write_audit_row(
    session, options.audit, AuditEntry{"undo", new_repair_id(), undoes, undo.plan_hash, undo.oids, counts, "", ""});
  fault_point("undo:before-commit");
  session.commit();
  fault_point("undo:after-commit");
  return outcome;
}

// Beside the file, so that running it again says "already undone" without an audit table
// too; one per step for an undo of some steps. The undo has committed: a marker that cannot be
// written is no reason to fail.
void
write_undone_marker(const std::string& undo_path, const std::vector<int>& only_incidents, long audit_id)
{
  const auto text = fmt::format("undone at {}{}\n", utc_timestamp(),
                                audit_id != 0 ? fmt::format(", audit row {}", audit_id) : std::string());
  std::vector<std::string> markers;
  if (only_incidents.empty()) {
    markers.push_back(undone_marker_path(undo_path));
  }
  for (const int incident : only_incidents) {
    markers.push_back(undone_step_marker_path(undo_path, incident));
  }
  for (const auto& marker : markers) {
    try {
      util::write_new_file_durably(marker, text);
    } catch (const Error&) {
    }
  }
}

} // namespace

UndoOutcome
apply_undo(const db::ConnectionOptions& connection, const UndoData& undo, const ApplyOptions& options,
           const std::string& undo_path)
{
  if (undo.action == "restore" && undo.format_version < 2) {
    throw RefusedError(fmt::format("'{}' was written by an older rwdoctor that kept no checksum of the rows it "
                                   "restored, so undo cannot tell them from rows written since",
                                   undo_path),
                       "Compare the rows it names with the backup and remove them by hand if they are the restore's.");
  }
  auto result = with_retries("undo", "", [&](PendingUndoFile& /*an undo writes no undo file*/) {
    db::MetaStoreSession session(connection, db::SessionMode::repair);
    verify_target(session, undo, undo_path); // before any lock: a foreign store is never locked
    prepare_repair_transaction(session, options.gates, options.on_lock_wait);
    const auto verdict = decide_undo(gather_evidence(session, undo, undo_path));
    if (verdict.decision == UndoDecision::nothing_to_do) {
      UndoOutcome outcome;
      outcome.nothing_to_do = verdict.message; // the transaction rolls back: nothing was written
      return outcome;
    }
    if (verdict.decision == UndoDecision::refuse) {
      throw RefusedError(verdict.message, verdict.hint);
    }
    refuse_if_undone_state_gone(session, undo, undo_path);
    return write_undo(session, undo, options);
  });
  if (!result.nothing_to_do) {
    write_undone_marker(undo_path, undo.only_incidents, result.audit_id);
  }
  return result;
}

} // namespace rwdoctor::repair
