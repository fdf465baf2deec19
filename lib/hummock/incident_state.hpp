// The state an incident puts at stake: the state tables of its jobs, and the internal tables
// the incident analysis attributes to them (an orphaned TABLE object that follows from a job
// without fragments: its "table" row went with the fragments), graded by a StateInspector.
// Pure; the inspector's incident_state_source reads the evidence.
#pragma once

#include "hummock/state_grades.hpp"
#include "incidents/incidents.hpp"

#include <functional>
#include <utility>
#include <vector>

namespace rwdoctor::hummock {

// Grades `incidents` (facts indexed by finding id - 1), one summary per incident in the same
// order; one batch, so a run with thousands of incidents costs a few queries, not thousands.
using IncidentStateSource = std::function<std::vector<StateSummary>(
  const std::vector<incidents::Incident>& incidents, const std::vector<incidents::FindingFacts>& facts)>;

// Pure: the (job, object) pairs of the incident's orphan findings (object-orphaned,
// relation-without-job) about objects other than its jobs, attributed to its first job.
std::vector<std::pair<int, std::uint32_t>> attributed_tables(const incidents::Incident& incident,
                                                             const std::vector<incidents::FindingFacts>& facts);

// Pure: when `state` refuses a restore (removed, absent, lagging), the incident's restore is
// no repair any more: it leaves the recommended repair and the alternatives, and the next one
// (a drop, say) is recommended; manual when nothing is left. Returns true when it changed.
bool drop_refused_restore(incidents::Incident& incident, const StateSummary& state);

} // namespace rwdoctor::hummock
