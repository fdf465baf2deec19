// The plan of a fix: a deterministic repair for findings whose own data determines the answer
// (Finding::statement), or a backup's row does. The kinds today:
//  - object-database-invalid: object.database_id set to the database of the object's schema;
//  - object-orphaned: a leftover object row deleted, when nothing else is known about it and
//    deleting it removes no other row;
//  - sequence-behind: a meta table's serial sequence moved to the table's largest id (not
//    transactional, and not undone: a sequence ahead of its table is harmless);
//  - pending-sink-state-orphaned: the leaked rows of a sink whose object is gone deleted;
//  - split-duplicated (fragment_splits, v2.7+): the list rewritten with one entry per split id,
//    the entry RisingWave's render keeps;
//  - system-parameter-invalid (with a backup): the value set to the backup's, when the
//    backup's value passes the check on the backup.
// The plan holds the exact row changes (the column's old and new value, the deleted rows
// byte for byte), so the executor can verify, write undo and audit like any other repair.
#pragma once

#include "checks/finding.hpp"
#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/change_set.hpp"

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

struct FixPlan
{
  std::vector<int> objects;               // the objects fixed, ascending
  std::vector<FixChange> fixes;           // what each fix does, as a DBA reads it
  // Columns set, leftover object rows deleted (with every row those deletes remove), and
  // sequences moved forward (not undone).
  ChangeSet changes;
  std::vector<std::string> refusals;      // non-empty: the plan must not run
  std::string rows_hash;                  // sha256 of updates and removed rows

  std::map<std::string, std::size_t> row_counts() const;
};

// Plans the fixes of `roots` (the root findings of the incidents to fix, each offering
// Repair::fix, or restore-rows of a system parameter with `backup`) on the store `session`
// reads, re-reading the rows so that the plan never rests on a report's text. A finding whose
// fix no longer applies is refused, naming why. Never writes.
FixPlan plan_fix(db::MetaStoreSession& session, const std::vector<checks::Finding>& roots,
                 db::MetaStoreSession* backup = nullptr);


} // namespace rwdoctor::repair
