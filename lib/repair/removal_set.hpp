// Which objects a complete drop of some streaming jobs removes, following RisingWave's own
// DROP (rw-meta-invariants §3.5): the job, its internal tables, its associated source,
// temporary replacement jobs, sinks into it, subscriptions on it, belong_to_oid children,
// and orphan internal-table objects it left behind. Objects that merely depend on it
// (indexes, MVs and sinks reading it) join only with --cascade; otherwise the plan refuses.
// Pure: the relations come from a callback, so the closure logic is unit tested.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::repair {

enum class Reason {
  requested,
  internal_table,
  associated_source,
  replacement,
  sink_into,
  subscription,
  child,
  orphan_internal,
  dependent,
};

std::string_view to_string(Reason reason);
// Parses the relation names of sql/repair/related_objects.sql; nullopt-like `requested` never.
bool parse_reason(std::string_view text, Reason& reason);

struct Relation
{
  int oid = 0;          // the object already in (or entering) the set
  int related_oid = 0;  // the object related to it
  Reason relation = Reason::dependent;
};

struct Member
{
  int oid = 0;
  Reason reason = Reason::requested;
  int because_of = 0; // the member that pulled it in (itself when requested)
};

struct RemovalSet
{
  std::vector<Member> members;              // in the order they joined
  std::vector<Relation> refused_dependents; // dependents left out because --cascade was not given
};

using RelationSource = std::function<std::vector<Relation>(const std::vector<int>& frontier)>;

// Closure of `jobs` under the relations `related` returns for each new frontier. Never loops:
// every object joins at most once.
RemovalSet compute_removal_set(const std::vector<int>& jobs, bool cascade, const RelationSource& related);

} // namespace rwdoctor::repair
