// The undo file of a repair: the before-image of every row the repair removed, sealed with a
// checksum, written 0600 and fsync'd before the repair commits.
#pragma once

#include "db/row_store.hpp"
#include "repair/drop_plan.hpp"
#include "repair/restore_plan.hpp"
#include "repair/row_change.hpp"

#include <string>
#include <vector>

namespace rwdoctor::repair {

struct UndoData
{
  std::string action;
  std::string database;
  std::string schema;
  std::string generation;
  std::string plan_hash;
  std::vector<int> oids;
  std::vector<db::CapturedTable> tables; // drop: rows to put back, parents first
  std::vector<KeyedRows> inserted;       // restore: rows to delete again, children first
  std::vector<RowUpdate> updated;        // restore: columns to set back to old_value
};

// The sealed undo document of `plan` as text.
std::string make_undo_document(const DropPlan& plan, const std::string& created_at);

// The sealed undo document of a restore: what it inserted and the columns it changed.
std::string make_restore_undo_document(const RestorePlan& plan, const std::vector<std::string>& children_first,
                                       const std::string& created_at);

// Reads and verifies an undo file. Throws RefusedError for a damaged, tampered or foreign one.
UndoData read_undo_document(const std::string& text, const std::string& path);

// "rwdoctor-undo/<UTC time>-<action>.json", relative to the working directory.
std::string default_undo_path(const std::string& action);

// The current UTC time as ISO 8601 ("2026-11-29T22:41:07Z").
std::string utc_timestamp();

} // namespace rwdoctor::repair
