// The rows a restore writes: each backup row of the jobs' graph compared with live by primary
// key (missing rows inserted, equal rows skipped, a table's fragment columns updated, anything
// else refused), the jobs' own streaming_job rows, and the columns of kept rows that pointed
// at the restored rows in the backup.
#pragma once

#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/plan_reads.hpp"
#include "repair/restore_backup_side.hpp"
#include "repair/restore_plan.hpp"

#include <map>
#include <string>
#include <vector>

namespace rwdoctor::repair {

// Live's side of a restore plan, read while the backup's rows are read: nothing of it needs
// the backup.
struct LiveRows
{
  std::vector<std::string> migrations;
  std::vector<PlanRow> objects;       // describe_plan_objects.sql
  std::vector<db::ObjectInfo> names;
  db::CapturedTable tables;           // live's table rows of the jobs (theirs and their internal tables)
  std::map<std::string, std::vector<std::string>> keys; // every table's primary key columns
};

LiveRows read_live_rows(db::MetaStoreSession& live, const std::vector<int>& jobs);

// Fills plan.changes (inserts parents first, updates), plan.check_scope, plan.neighbour_jobs,
// plan.missing_fragments, and the refusals and rows left out, from the backup's rows, which
// move into the plan's inserts.
void plan_graph_changes(db::MetaStoreSession& live, const LiveRows& live_rows, BackupRows& backup_rows,
                        RestorePlan& plan);

} // namespace rwdoctor::repair
