// What `rwdoctor guard` prints and returns for a collected run of the start-gate checks. Pure.
#pragma once

#include "checks/check_runner.hpp"
#include "core/exit_code.hpp"
#include "hummock/incident_state.hpp"
#include "incidents/commands.hpp"

#include <set>
#include <string>

namespace rwdoctor::report {

struct GuardReport
{
  // 0: the meta node may start; 4: an incident would crash it or lose state at its start;
  // 8: a check could not run and nothing blocked, so the gate cannot tell.
  ExitCode code = ExitCode::clean;
  std::string out; // the verdict, one line per blocking incident with its repair command
  std::string err; // warnings: what --allow accepted, checks that could not run
};

// `report` holds the findings of the start-gate checks in CheckReport order (finding ids
// follow it); `allowed` the check ids of --allow; `commands` names the meta store in the
// printed commands; `state`, when given, grades what a blocking incident whose start loses
// data holds in Hummock, so the verdict says what the start would destroy.
GuardReport judge_start(const checks::CheckReport& report, const std::set<std::string>& allowed,
                        const incidents::CommandContext& commands, const hummock::IncidentStateSource& state = {});

} // namespace rwdoctor::report
