// `check --from`: what a backup of the meta store holds of the incidents a check of live
// found (incidents/backup_status), read in the backup's own read-only snapshot. Never writes.
#pragma once

#include "db/meta_store_session.hpp"
#include "incidents/backup_status.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::repair {

// Reads, in `backup`: which of the roots' subjects (job, else object) it has, the findings of
// the roots' checks it has (the whole backup, or only the roots' jobs when every root is about
// a job), and the names and kinds of the `nameless` live objects.
incidents::BackupFacts read_backup_facts(db::MetaStoreSession& backup,
                                         const std::vector<incidents::FindingFacts>& roots,
                                         const std::vector<int>& nameless);

// repair drop --from: which of `jobs` the backup could give back: it has the job's object row
// and none of its checks (repair_check_selection, scoped to the jobs) finds a fault of the
// job there that a drop or a restore would repair (the backup has the same fault: a restore
// from it cannot clear the incident, so it holds nothing a drop trades away).
std::set<int> jobs_the_backup_holds(db::MetaStoreSession& backup, const std::vector<int>& jobs);

// The definitions the backup holds of `jobs` (sql/repair/job_definitions.sql), by job.
std::map<int, std::string> job_definitions(db::MetaStoreSession& backup, const std::vector<int>& jobs);

} // namespace rwdoctor::repair
