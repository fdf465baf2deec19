#include "repair/all_plan.hpp"

#include <algorithm>
#include <map>

namespace rwdoctor::repair {

std::string_view
to_string(StepKind kind)
{
  switch (kind) {
  case StepKind::restore:
    return "restore";
  case StepKind::fix:
    return "fix";
  case StepKind::drop:
    return "drop";
  }
  return "?";
}

bool
parse_step_kind(std::string_view text, StepKind& kind)
{
  for (const auto candidate : {StepKind::restore, StepKind::fix, StepKind::drop}) {
    if (to_string(candidate) == text) {
      kind = candidate;
      return true;
    }
  }
  return false;
}

const std::string&
AllStep::rows_hash() const
{
  static const std::string none;
  if (drop) {
    return drop->rows_hash;
  }
  if (restore) {
    return restore->rows_hash;
  }
  return fix ? fix->rows_hash : none;
}

const ChangeSet&
AllStep::changes() const
{
  static const ChangeSet none;
  if (drop) {
    return drop->changes;
  }
  if (restore) {
    return restore->changes;
  }
  return fix ? fix->changes : none;
}

std::map<std::string, std::size_t>
AllStep::row_counts() const
{
  return changes().row_counts();
}

std::vector<int>
AllStep::repaired() const
{
  if (drop) {
    return drop->oids();
  }
  if (restore) {
    return restore->request.jobs;
  }
  return fix ? fix->objects : std::vector<int>{};
}

std::vector<int>
AllPlan::repaired() const
{
  std::vector<int> ids;
  for (const auto& step : steps) {
    const auto more = step.repaired();
    ids.insert(ids.end(), more.begin(), more.end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::map<int, hummock::StateSummary>
AllPlan::state() const
{
  std::map<int, hummock::StateSummary> states;
  for (const auto& step : steps) {
    if (step.drop) {
      states.insert(step.drop->state.begin(), step.drop->state.end());
    }
    if (step.restore) {
      states.insert(step.restore->state.begin(), step.restore->state.end());
    }
  }
  return states;
}

std::size_t
AllPlan::repaired_incidents() const
{
  std::size_t count = 0;
  for (const auto& step : steps) {
    count += 1 + step.joined.size();
  }
  return count;
}

std::map<std::string, std::size_t>
AllPlan::row_counts() const
{
  std::map<std::string, std::size_t> counts;
  for (const auto& step : steps) {
    for (const auto& [table, count] : step.row_counts()) {
      counts[table] += count;
    }
  }
  return counts;
}

} // namespace rwdoctor::repair
