#include "incidents/start_gate.hpp"

#include <stdexcept>

namespace rwdoctor::incidents {

std::vector<std::string>
start_gate_checks(const checks::Catalogue& catalogue)
{
  std::vector<std::string> ids;
  for (const auto& id : catalogue.ids()) {
    if (checks::worst_severity(catalogue, id) == checks::Severity::critical) {
      ids.push_back(id);
    }
  }
  return ids;
}

StartDecision
decide_start(const std::vector<FindingFacts>& findings, const Analysis& analysis,
             const std::set<std::string>& allowed)
{
  StartDecision decision;
  std::set<int> blocking;
  for (const auto& finding : findings) {
    if (finding.severity != checks::Severity::critical) {
      continue;
    }
    if (allowed.count(finding.check) != 0) {
      decision.allowed.push_back(finding.id);
      continue;
    }
    const auto& incident = analysis.incident.at(static_cast<std::size_t>(finding.id - 1));
    // analyse() gives every finding above info an incident; if it ever did not, the gate
    // must not let the meta node start on it: an internal error is exit 8, "cannot tell".
    if (!incident) {
      throw std::logic_error("a critical finding without an incident");
    }
    blocking.insert(*incident);
  }
  // Incident ids follow the pass order.
  decision.blocking.assign(blocking.begin(), blocking.end());
  return decision;
}

} // namespace rwdoctor::incidents
