#include "repair/removal_set.hpp"

#include <algorithm>
#include <array>
#include <set>
#include <utility>

namespace rwdoctor::repair {

namespace {

constexpr std::array<std::pair<Reason, std::string_view>, 9> k_reasons = {{
  {Reason::requested, "requested"},
  {Reason::internal_table, "internal_table"},
  {Reason::associated_source, "associated_source"},
  {Reason::replacement, "replacement"},
  {Reason::sink_into, "sink_into"},
  {Reason::subscription, "subscription"},
  {Reason::child, "child"},
  {Reason::orphan_internal, "orphan_internal"},
  {Reason::dependent, "dependent"},
}};

} // namespace

std::string_view
to_string(Reason reason)
{
  for (const auto& [value, name] : k_reasons) {
    if (value == reason) {
      return name;
    }
  }
  return "?";
}

bool
parse_reason(std::string_view text, Reason& reason)
{
  for (const auto& [value, name] : k_reasons) {
    if (name == text) {
      reason = value;
      return true;
    }
  }
  return false;
}

RemovalSet
compute_removal_set(const std::vector<int>& jobs, bool cascade, const RelationSource& related)
{
  RemovalSet set;
  std::set<int> members;
  std::vector<int> frontier;
  for (const int job : jobs) {
    if (members.insert(job).second) {
      set.members.push_back({job, Reason::requested, job});
      frontier.push_back(job);
    }
  }
  while (!frontier.empty()) {
    std::vector<int> next;
    for (const auto& relation : related(frontier)) {
      if (members.count(relation.related_oid) != 0) {
        continue;
      }
      if (relation.relation == Reason::dependent && !cascade) {
        set.refused_dependents.push_back(relation);
        continue;
      }
      members.insert(relation.related_oid);
      set.members.push_back({relation.related_oid, relation.relation, relation.oid});
      next.push_back(relation.related_oid);
    }
    frontier = std::move(next);
  }
  // A dependent that joined through another relation (e.g. a sink into the job that also
  // reads it) is not a reason to refuse.
  auto& refused = set.refused_dependents;
  refused.erase(std::remove_if(refused.begin(), refused.end(),
                               [&](const Relation& relation) { return members.count(relation.related_oid) != 0; }),
                refused.end());
  std::sort(refused.begin(), refused.end(), [](const Relation& a, const Relation& b) {
    return std::pair(a.related_oid, a.oid) < std::pair(b.related_oid, b.oid);
  });
  refused.erase(std::unique(refused.begin(), refused.end(),
                            [](const Relation& a, const Relation& b) { return a.related_oid == b.related_oid; }),
                refused.end());
  return set;
}

} // namespace rwdoctor::repair
