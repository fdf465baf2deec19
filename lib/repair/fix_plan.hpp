// The plan of a fix: a deterministic repair that needs no backup, for findings whose own data
// determines the answer (Finding::statement). Three kinds today:
//  - object-database-invalid: object.database_id set to the database of the object's schema;
//  - object-orphaned: a leftover object row deleted, when nothing else is known about it and
//    deleting it removes no other row;
//  - sequence-behind: a meta table's serial sequence moved to the table's largest id (not
//    transactional, and not undone: a sequence ahead of its table is harmless).
// The plan holds the exact row changes (the column's old and new value, the deleted rows
// byte for byte), so the executor can verify, write undo and audit like any other repair.
#pragma once

#include "checks/finding.hpp"
#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/row_change.hpp"

#include <string>
#include <vector>

namespace rwdoctor::repair {

struct FixChange
{
  std::string check;     // the finding it repairs
  int object_id = 0;
  std::string what;      // "object 14's database_id 2 -> 1 (its schema's database)"
  std::string statement; // the SQL the repair runs, as a DBA would write it
};

// A serial sequence moved forward with setval.
struct SequenceMove
{
  std::string sequence; // as pg_get_serial_sequence names it
  std::string table;
  std::string from;     // the largest value it had handed out
  std::string to;       // the table's largest id
};

struct FixPlan
{
  std::vector<int> objects;               // the objects fixed, ascending
  std::vector<FixChange> changes;
  std::vector<RowUpdate> updates;         // columns set
  std::vector<int> deleted_objects;       // object rows deleted
  std::vector<db::CapturedTable> removed; // every row those deletes remove, parents first
  std::vector<SequenceMove> sequences;    // moved forward; not undone
  std::vector<std::string> refusals;      // non-empty: the plan must not run
  std::string rows_hash;                  // sha256 of updates and removed rows

  std::map<std::string, std::size_t> row_counts() const;
};

// Plans the fixes of `roots` (the root findings of the incidents to fix, each offering
// Repair::fix) on the store `session` reads, re-reading the rows so that the plan never rests
// on a report's text. A finding whose fix no longer applies is refused, naming why. Never
// writes.
FixPlan plan_fix(db::MetaStoreSession& session, const std::vector<checks::Finding>& roots);

// Applies `plan` in the session's open repair transaction.
void execute_fix(db::MetaStoreSession& session, const FixPlan& plan);

} // namespace rwdoctor::repair
