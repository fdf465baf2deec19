// The one format of every repair's writes: a step of a plan is a ChangeSet, the rows it
// deletes (with every row those deletes remove, cascades included), inserts and updates, and
// the sequences it moves. Planners (drop_plan, restore_plan, fix_plan, ...) fill one; the
// executor applies it (execute_changes), the undo file records it (undo_file.cpp), and its
// hash is the step's precondition. A new repair kind is a planner that fills a ChangeSet.
#pragma once

#include "db/cascade_indexes.hpp"
#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/row_change.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rwdoctor::repair {

// A serial sequence moved forward with setval (not transactional, and never undone: a
// sequence ahead of its table is how RisingWave leaves it too).
struct SequenceMove
{
  std::string sequence; // as pg_get_serial_sequence names it
  std::string table;
  std::string from;     // the largest value it had handed out
  std::string to;       // the table's largest id
};

struct ChangeSet
{
  // Deletes, applied first: each group of objects is one DELETE FROM object (the foreign
  // keys' cascades take their rows with them; a drop spanning RisingWave databases has one
  // group per database). `explicit_deletes` (table, column) are deleted first by the ids of
  // every deleted object, for rows no foreign key cascades from object. `cascade_indexes` are
  // created before the deletes and dropped after them.
  std::vector<std::vector<int>> object_groups;
  std::vector<std::pair<std::string, std::string>> explicit_deletes;
  std::vector<db::CascadeIndex> cascade_indexes;
  // Every row the deletes remove, parents first, byte for byte: what undo puts back, and
  // (hashed) the precondition of the plan.
  std::vector<db::CapturedTable> removed;
  // Rows inserted, parents first, and the primary key of each of their tables (undo deletes
  // them again by key, children first).
  std::vector<db::CapturedTable> inserted;
  std::map<std::string, std::vector<std::string>> key_columns;
  std::vector<RowUpdate> updates; // single column values set, each with its old value
  std::vector<SequenceMove> sequences;

  std::vector<int> deleted_objects() const; // every group's objects, in order
  // Rows per table that the step deletes, inserts or sets a column of.
  std::map<std::string, std::size_t> row_counts() const;
  bool empty() const;
};

// sha256 over the captured rows in a canonical form.
std::string hash_rows(const std::vector<db::CapturedTable>& rows);

// The precondition of a step: sha256 over the rows it removes and inserts (byte for byte, as
// given, or `inserted_hash` when the caller hashed the inserted rows already), the values it
// sets (old and new) and the sequences it moves. The same changes on the same rows, the same
// hash: a plan re-made inside the repair transaction must have the hash the user saw.
std::string hash_changes(const ChangeSet& changes, const std::optional<std::string>& inserted_hash = std::nullopt);

// Applies `changes` in the session's open repair transaction: deletes, inserts, updates,
// sequences, in that order. `action` names the fault points ("drop:after-delete",
// "restore:after-table", "all:after-insert", ...).
void execute_changes(db::MetaStoreSession& session, const ChangeSet& changes, const std::string& action);

} // namespace rwdoctor::repair
