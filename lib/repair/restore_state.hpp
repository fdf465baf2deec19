// What a restore brings back in Hummock: the state tables the backup lists for each restored
// job, graded against live's Hummock evidence (the cluster's Hummock is live's, whatever the
// backup says), and what the undo of a drop would bring back. A job whose tables are removed, absent or lagging is refused: every recovery
// would reject it, or the meta node would abort.
#pragma once

#include "db/meta_store_session.hpp"
#include "db/row_store.hpp"
#include "hummock/state_grades.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rwdoctor::repair {

// Pure: (job, table id) for every state table the backup's rows name for `jobs`: the ids in
// the jobs' fragment rows' state_table_ids and the jobs' "table" rows (own and internal).
std::vector<std::pair<int, std::uint32_t>> backup_state_tables(const std::vector<db::CapturedTable>& backup_tables,
                                                               const std::vector<int>& jobs);

// Grades each job's tables in `live` into `states` and adds a refusal per blocking grade.
void grade_restored_state(db::MetaStoreSession& live, const std::vector<std::pair<int, std::uint32_t>>& tables,
                          const std::vector<int>& jobs, std::map<int, hummock::StateSummary>& states,
                          std::vector<std::string>& refusals);

// The undo of a drop puts the dropped jobs' rows back (`tables`, as the undo file holds
// them). Once the meta node has started after the drop, their state tables were unregistered:
// the jobs would come back without state, and every recovery would reject them. One refusal
// per such job; the graded states go into `states`.
void grade_undone_state(db::MetaStoreSession& live, const std::vector<db::CapturedTable>& tables,
                        std::map<int, hummock::StateSummary>& states, std::vector<std::string>& refusals);

} // namespace rwdoctor::repair
