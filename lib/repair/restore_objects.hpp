// Which of the backup's object, user_privilege and object_dependency rows a restore puts back.
#pragma once

#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "repair/restore_plan.hpp"

#include <set>
#include <vector>

namespace rwdoctor::repair {

// Keeps, of the backup's object, object_dependency and user_privilege rows in `tables`, the
// ones the restore puts back: object rows of the jobs' tables that live lacks (internal tables
// whose object rows went), whose database and schema live still has; the dependencies of the
// jobs and of those objects, either way, whose both ends are in live or put back, unless live
// has the same (oid, used_by) under another id; the privileges on the objects put back. Rows
// of objects live has are never touched: a live object row is not the backup's to overwrite.
// Refusals and rows left out go to `plan`. Returns the objects put back.
std::set<int> keep_objects_to_restore(db::MetaStoreSession& live, const std::set<int>& objects_in_live,
                                      std::vector<db::CapturedTable>& tables, RestorePlan& plan);

} // namespace rwdoctor::repair
