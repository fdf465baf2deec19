// `rwdoctor guard`: whether the meta node may start on a store. Pure.
//
// A finding blocks the start when it is critical: by the severity policy the meta node then
// panics while it loads the catalog, or its next recovery purges a job's state. The gate runs
// only the checks that can report such a finding, so that it is quick enough for a pod start.
#pragma once

#include "checks/catalogue.hpp"
#include "incidents/incidents.hpp"

#include <set>
#include <string>
#include <vector>

namespace rwdoctor::incidents {

// The ids (catalogue order) of the checks with a variant whose findings can be critical.
std::vector<std::string> start_gate_checks(const checks::Catalogue& catalogue);

struct StartDecision
{
  // Incidents (ids as in `analysis`, pass order) with a critical finding of a check that was
  // not allowed: the meta node must not start.
  std::vector<int> blocking;
  // Critical findings (ids) that an --allow accepted, so they did not block.
  std::vector<int> allowed;
};

// `findings[i].id` must be i + 1 and `analysis` their analysis; `allowed` holds check ids.
StartDecision decide_start(const std::vector<FindingFacts>& findings, const Analysis& analysis,
                           const std::set<std::string>& allowed);

} // namespace rwdoctor::incidents
