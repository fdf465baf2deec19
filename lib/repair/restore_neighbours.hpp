// Whether a restore's neighbours let it run: a live job at the other end of a restored edge
// that is already broken would make the checks after the restore roll it back.
#pragma once

#include "db/meta_store_session.hpp"
#include "repair/restore_plan.hpp"

#include <set>

namespace rwdoctor::repair {

// The verification after the restore reads the neighbours in full, so a neighbour that is
// already broken would roll the restore back: refuses at plan time instead (a refusal and
// plan.broken_neighbours), naming the incident of `rwdoctor check` to repair first. A
// neighbour's incident blocks only if one of its findings would remain after the restore:
// one whose cause is a restored job's, or that the restore's own rows reach
// (restore_reaches), is expected to go with it. Reads live's checks for the jobs and their
// neighbours; numbers the incidents with one whole check run, only when it refuses.
void refuse_broken_neighbours(db::MetaStoreSession& live, const std::set<int>& requested, RestorePlan& plan);

} // namespace rwdoctor::repair
