#include "hummock/incident_state.hpp"

#include <algorithm>

namespace rwdoctor::hummock {

std::vector<std::pair<int, std::uint32_t>>
attributed_tables(const incidents::Incident& incident, const std::vector<incidents::FindingFacts>& facts)
{
  std::vector<std::pair<int, std::uint32_t>> tables;
  if (incident.jobs.empty()) {
    return tables;
  }
  for (const int id : incident.findings) {
    const auto& fact = facts[static_cast<std::size_t>(id) - 1];
    if ((fact.check != "object-orphaned" && fact.check != "relation-without-job") || !fact.object_id
        || *fact.object_id < 0
        || std::find(incident.jobs.begin(), incident.jobs.end(), *fact.object_id) != incident.jobs.end()) {
      continue;
    }
    tables.emplace_back(fact.job_id.value_or(incident.jobs.front()), static_cast<std::uint32_t>(*fact.object_id));
  }
  return tables;
}

bool
drop_refused_restore(incidents::Incident& incident, const StateSummary& state)
{
  return blocks_restore(state.grade) && incidents::remove_restores(incident);
}

} // namespace rwdoctor::hummock
