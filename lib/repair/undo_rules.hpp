// When an undo file may be applied: the pure decision, from what the audit table and the live
// rows say. An undo runs only while the rows it would change are exactly what its repair left;
// one that already ran is "nothing to do"; anything else is refused with the reason.
#pragma once

#include "repair/audit_log.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::repair {

// Rows an undo would put back, compared with live.
struct RowCounts
{
  std::size_t rows = 0;
  std::size_t absent = 0;
  std::size_t identical = 0;
};

// What undo found before deciding, in the repair's own transaction.
struct UndoEvidence
{
  std::string action;    // drop, restore or all
  std::string repair_id; // "" for an undo file of format_version 1
  bool audited = false;  // the repair wrote an audit row (its undo file says so)
  bool pending = false;  // the file still has its pending name (written, publication not seen)
  std::string path;      // the undo file, for messages

  // The audit table: readable at all, the repair's own row, an undo of it, and later repairs
  // of the same jobs (and of a restore's neighbour jobs) that still stand.
  bool audit_readable = false;
  std::optional<AuditRow> repair_row;
  std::optional<AuditRow> undo_row;
  std::vector<AuditRow> later_repairs;
  std::optional<std::string> marker; // the text of "<file>.undone" left by an earlier undo
  // A repair all's steps by incident (all of them), the ones this undo takes back (empty: the
  // whole file), and the ones earlier undos took back on their own (audit rows or markers).
  std::vector<int> steps;
  std::vector<int> selected_steps;
  std::set<int> steps_undone;

  // The rows the undo would delete (restore) or put back (drop), compared with live: absent,
  // exactly as the repair left them (restore) or as they were removed (drop), or different.
  std::size_t rows = 0;
  std::size_t rows_absent = 0;
  std::size_t rows_identical = 0;
  std::vector<std::string> differing; // "fragment (19): changed", at most a few
  std::size_t differing_count = 0;
  // A restore's changed columns: how many still hold the repair's value, how many the old one.
  std::size_t columns = 0;
  std::size_t columns_at_new = 0;
  std::size_t columns_at_old = 0;
  // A `repair all` ("all") also removed rows: those to put back (rows_* above are then the
  // rows it inserted).
  RowCounts removed;
};

enum class UndoDecision { apply, nothing_to_do, refuse };

struct UndoVerdict
{
  UndoDecision decision = UndoDecision::refuse;
  std::string message;
  std::string hint;
};

UndoVerdict decide_undo(const UndoEvidence& evidence);

} // namespace rwdoctor::repair
