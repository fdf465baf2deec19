// Kept rows that point at restored rows. A restore inserts the backup's rows of a job's
// fragment graph; rows of other objects that live keeps (a sink into the restored table, a
// table that refreshes its schema from it) point at those rows through foreign keys, and a
// hand cleanup that fought those keys set the pointers to NULL first (the FK forbids setting
// them back before the restore). The restore puts back the backup's value of every such
// column where live's is NULL, found through the store's foreign keys, not a list.
#pragma once

#include "db/row_store.hpp"
#include "repair/change_set.hpp"

#include <map>
#include <string>
#include <vector>

namespace rwdoctor::repair {

// The backup's rows, outside the graph's tables, whose single-column foreign key holds the key
// of one of the graph's rows.
struct BackupPointers
{
  db::ForeignKey key;
  db::CapturedTable rows; // the child's rows, as the backup has them
};

// On the backup's session (read_backup_side's thread): every single-column foreign key from a
// table outside `graph` into a table of `graph`, with the backup's rows that point at a row of
// `graph` through it; and every single-column foreign key of the jobs' own rows outside
// `graph` (a sink's target_table), with the backup's rows of `jobs` (by a one-column primary
// key) that point somewhere through it.
std::vector<BackupPointers> read_backup_pointers(db::MetaStoreSession& backup,
                                                 const std::vector<db::CapturedTable>& graph,
                                                 const std::vector<int>& jobs);

// On live: for each pointing row live still has (by its primary key) whose column is NULL
// there, the update to the backup's value, when the row it points at is in the graph (the
// restore puts it back) or in live; a row whose column live set to another value is kept, and
// a pointer whose target live lacks is left, both noted in `left_out`. `planned` are the
// updates the restore makes already, `restored` the rows it inserts.
std::vector<RowUpdate> restored_pointers(db::MetaStoreSession& live, const std::vector<BackupPointers>& pointers,
                                         const std::vector<db::CapturedTable>& restored,
                                         const std::map<std::string, std::vector<std::string>>& primary_keys,
                                         const std::vector<RowUpdate>& planned, std::vector<std::string>& left_out);

} // namespace rwdoctor::repair
