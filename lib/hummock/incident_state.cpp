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
  const auto restores = [](checks::Repair repair) {
    return repair == checks::Repair::restore_fragments || repair == checks::Repair::restore_rows;
  };
  if (!blocks_restore(state.grade)) {
    return false;
  }
  std::vector<checks::Repair> repairs = {incident.recommended};
  repairs.insert(repairs.end(), incident.alternatives.begin(), incident.alternatives.end());
  const auto kept_end = std::remove_if(repairs.begin(), repairs.end(), restores);
  if (kept_end == repairs.end()) {
    return false;
  }
  repairs.erase(kept_end, repairs.end());
  if (repairs.empty()) {
    repairs.push_back(checks::Repair::manual);
  }
  incident.recommended = repairs.front();
  incident.alternatives.assign(repairs.begin() + 1, repairs.end());
  return true;
}

} // namespace rwdoctor::hummock
