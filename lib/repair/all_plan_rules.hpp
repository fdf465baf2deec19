// The rules repair all decides by, pure: which incidents are selected, which repairs each
// gets in which order, and what a line says about an incident left to a person.
#pragma once

#include "incidents/incidents.hpp"
#include "repair/all_plan.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::repair {

// Whether `finding` offers restore-fragments or restore-rows.
bool offers_restore(const checks::Finding& finding);

// The summary of `incident` whose root finding is `root`, with its title.
IncidentSummary summary_of(const incidents::Incident& incident, const checks::Finding& root);

// Whether the user's --check and --object selection takes the incident whose root is `root`.
bool selected(const checks::Finding& root, const AllRequest& request);

// What is left to a person when no repair rwdoctor runs applies.
std::string by_hand(const incidents::Incident& incident, const checks::Finding& root, const AllRequest& request);

// The first refusal of a step's plan, or what it says when it has nothing to do, or none.
std::optional<std::string> refusal_of(const std::vector<std::string>& refusals,
                                      const std::optional<std::string>& nothing_to_do);

// True when every restored job's state tables are gone from Hummock (removed, absent): the
// restore can never run, and a drop loses nothing more.
bool state_already_gone(const RestorePlan& plan);

} // namespace rwdoctor::repair
