// The check runs a repair makes: planning (live, and the backup's own rows for a restore),
// and before and after its change inside its transaction.
#pragma once

#include "checks/check_runner.hpp"

#include <set>

namespace rwdoctor::repair {

// Every check but blob-malformed, reporting findings about `job_ids` (all when empty).
// Scanning every protobuf value of the store was most of a repair's fixed cost (at scale M
// about 6 of the 8 s of each of its four check runs) and decides nothing here: blob-malformed
// offers only a manual repair, so it never makes a job a drop or restore candidate; inside
// the repair transaction the tables are locked, a drop only deletes rows, and a restore
// validates every protobuf value it writes itself (restore_plan.cpp), which is the same test.
checks::CheckSelection repair_check_selection(const std::set<int>& job_ids = {});

} // namespace rwdoctor::repair
