// The undo file of a repair: the before-image of every row the repair removed (a drop), or the
// keys and checksums of the rows it inserted and the columns it changed (a restore), with the
// repair's id and the meta store it ran on (database, schema, server, generation). Sealed with
// a checksum, written 0600 and fsync'd before the repair commits.
#pragma once

#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/all_plan.hpp"
#include "repair/drop_plan.hpp"
#include "repair/restore_plan.hpp"
#include "repair/row_change.hpp"

#include <string>
#include <vector>

namespace rwdoctor::repair {

// The undo files this rwdoctor writes; it reads version 1 too.
constexpr int k_undo_format_version = 2;

// Who a repair is, for its undo file.
struct RepairStamp
{
  std::string repair_id;
  bool audited = false; // the repair writes an audit row in its transaction
  db::ServerIdentity server;
  std::string created_at; // utc_timestamp()
};

// One step of a `repair all` as its undo file keeps it (files written before per-step undo
// have no parts: `has_parts` false).
struct UndoStep
{
  int incident = 0;
  std::string repair; // restore, fix, drop
  std::string title;
  bool has_parts = false;
  std::vector<int> oids;                 // the jobs and objects it repaired
  std::vector<int> neighbour_jobs;       // a restore's
  std::vector<db::CapturedTable> tables; // rows it removed
  std::vector<KeyedRows> inserted;       // rows it inserted
  std::vector<RowUpdate> updated;        // columns it set
};

struct UndoData
{
  int format_version = k_undo_format_version;
  std::string action;
  std::string repair_id; // "" in format_version 1
  bool audited = false;
  std::string created_at;
  std::string database;
  std::string schema;
  std::string generation;
  std::optional<db::ServerIdentity> server; // nullopt in format_version 1
  std::string plan_hash;
  std::vector<int> oids;
  // restore: the live jobs at the other end of the edges it inserted (a later drop of one of
  // them takes some of those rows away)
  std::vector<int> neighbour_jobs;
  // A drop has tables, a restore inserted and updated, a `repair all` ("all") any of them.
  std::vector<db::CapturedTable> tables; // rows to put back, parents first
  std::vector<KeyedRows> inserted;       // rows to delete again, children first
  std::vector<RowUpdate> updated;        // columns to set back to old_value
  std::vector<std::string> sequences;    // "all": sequences the repair moved forward; left as they are
  std::vector<UndoStep> steps;           // "all": its steps, in the order they ran
  // `undo FILE --incident N`: the incidents whose steps this data takes back (undo_of_incidents);
  // empty when it takes the whole repair back.
  std::vector<int> only_incidents;
};

// The sealed undo document of a drop.
std::string make_undo_document(const DropPlan& plan, const RepairStamp& stamp);

// The sealed undo document of a restore: what it inserted and the columns it changed.
std::string make_restore_undo_document(const RestorePlan& plan, const RepairStamp& stamp);

// The sealed undo document of a `repair all` (action "all"): every step's removed rows,
// inserted keys and changed columns in one file, taken back in one transaction.
std::string make_all_undo_document(const AllPlan& plan, const RepairStamp& stamp);

// Reads and verifies an undo file. Throws RefusedError for a damaged, tampered or foreign one.
UndoData read_undo_document(const std::string& text, const std::string& path);

// `undo FILE --incident N`: the part of a `repair all`'s undo data that takes back only the
// steps of `incidents` (newest step first, as the whole file does). Throws UsageError for an
// incident with no step in the file, RefusedError for a file of another action or one written
// before steps kept their own parts.
UndoData undo_of_incidents(const UndoData& whole, std::vector<int> incidents);

// Where a per-step undo leaves its marker ("<path>.undone-incident-N"), beside the whole
// file's (undone_marker_path).
std::string undone_step_marker_path(const std::string& path, int incident);

// The audit row's `undoes` of an undo of `incidents` of repair `repair_id` ("<id>#1,3"): not
// the repair id alone, which says the whole repair was taken back.
std::string undoes_steps(const std::string& repair_id, const std::vector<int>& incidents);

// The SHA-256 of one row's text values, as a restore's undo file records it.
std::string row_sha256(const std::vector<std::optional<std::string>>& row);

// Where undo files go by default: $XDG_STATE_HOME/rwdoctor/undo, else
// ~/.local/state/rwdoctor/undo (created 0700 when the file is written).
std::string default_undo_directory();

// "<default_undo_directory()>/<UTC time>-<pid>-<action>.json", an absolute path.
std::string default_undo_path(const std::string& action);

// The name a repair writes its undo file under until it has committed: undo refuses such a
// file unless the audit table or the rows show that its repair committed.
std::string pending_undo_path(const std::string& path);
bool is_pending_undo_path(const std::string& path);

// `path` made absolute against the working directory (not resolving links).
std::string absolute_path(const std::string& path);

// The marker undo leaves beside an undo file once it has taken the repair back
// ("<path>.undone"), so that the file run again says "already undone" even without an audit
// table.
std::string undone_marker_path(const std::string& path);

// The current UTC time as ISO 8601 with milliseconds ("2026-11-29T22:41:07.123Z").
std::string utc_timestamp();

// A new repair id: 12 random hex digits (OpenSSL RAND_bytes).
std::string new_repair_id();

} // namespace rwdoctor::repair
