// rwdoctor's audit table, rwdoctor.repair_log, in the meta store's database: one row per
// repair or undo, written in its own transaction (so a row exists exactly when that repair
// committed), and read back by undo and by repeated repairs to tell what already happened.
#pragma once

#include "db/meta_store_session.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::repair {

struct AuditOptions
{
  bool enabled = true;   // --no-audit-table turns writing off (an existing table is still read)
  std::string ticket;    // --ticket
  std::string arguments; // the command line, secrets removed
};

// What one repair writes into its audit row.
struct AuditEntry
{
  std::string action; // drop, restore, undo
  std::string repair_id;
  std::string undoes; // for an undo: the repair it took back
  std::string plan_hash;
  std::vector<int> objects; // the jobs and objects the repair touched
  std::map<std::string, std::size_t> row_counts;
  std::string undo_file; // absolute path, or "" (an undo has none)
  // Each job's Hummock state at plan time (hummock::job_states_json), so the record shows what
  // was at stake when the DBA chose; "" writes NULL.
  std::string state;
};

// One audit row as undo reads it.
struct AuditRow
{
  long id = 0;
  std::string at; // UTC, ISO 8601
  std::string action;
  std::string repair_id;
  std::string undoes;
  std::string undo_file;
  std::string host;
};

// This machine's host name, as audit rows and printed undo paths give it.
std::string host_name();

// Writes `entry` (creating the table, or adding the columns an older rwdoctor's table lacks)
// and returns the row's id; 0 when auditing is off.
long write_audit_row(db::MetaStoreSession& session, const AuditOptions& audit, const AuditEntry& entry);

// "job 41 at 2026-12-02T16:47:47Z (audit row 1, repair 4f9a2c1b7d40), job 42 at ...".
std::string describe_repairs(const std::map<int, AuditRow>& repairs);

// Read access to the audit table in the session's transaction. Empty when the table does not
// exist, predates repair ids, or this role cannot read it: callers then decide by the rows.
class AuditLog
{
public:
  explicit AuditLog(db::MetaStoreSession& session);

  bool readable() const { return m_readable; }

  // The rows of repair `repair_id` and of undos of it, oldest first.
  std::vector<AuditRow> rows_of(const std::string& repair_id);

  // Drops and restores of any of `objects` after repair `repair_id` (after its audit row
  // `after_row`, else after the time `after_time`) that no undo has taken back.
  std::vector<AuditRow> later_repairs(const std::string& repair_id, const std::vector<int>& objects, long after_row,
                                      const std::string& after_time);

  // For each of `jobs`, the newest `action` (drop or restore) that touched it and that no undo
  // took back; jobs without one are left out.
  std::map<int, AuditRow> last_repairs(const std::string& action, const std::vector<int>& jobs);

private:
  db::MetaStoreSession& m_session;
  bool m_readable = false;
};

} // namespace rwdoctor::repair
