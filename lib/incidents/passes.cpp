#include "incidents/passes.hpp"

#include <array>
#include <utility>

namespace rwdoctor::incidents {

namespace {

// Name and description of each pass, in pass order.
constexpr std::array<std::pair<std::string_view, std::string_view>, 6> k_passes = {{
  {"structure", "the meta store's tables and foreign keys"},
  {"placement", "databases, schemas and where objects live"},
  {"jobs", "streaming jobs and their own rows (object, streaming_job, type rows, fragments)"},
  {"graph", "the fragment graph: edges, ensembles, actors, protobuf columns, dependencies"},
  {"derived", "what the graph derives: state tables, source splits, sinks, subscriptions"},
  {"leftovers", "rows nothing refers to any more"},
}};

// In rank order. Within a pass, a check earlier in the list explains the later ones when both
// are about the same job.
constexpr std::array<std::pair<std::string_view, Pass>, 38> k_places = {{
  {"schema-drift", Pass::structure},
  {"foreign-keys-missing", Pass::structure},
  {"sequence-behind", Pass::structure},
  {"system-parameter-invalid", Pass::structure},
  {"object-database-invalid", Pass::placement},
  {"object-schema-invalid", Pass::placement},
  {"object-type-mismatch", Pass::placement},
  {"relation-without-job", Pass::jobs},
  {"job-without-fragments", Pass::jobs},
  {"fragment-without-job", Pass::jobs},
  {"job-type-invalid", Pass::jobs},
  {"job-status-invalid", Pass::jobs},
  {"actor-missing", Pass::jobs},
  {"job-parallelism-invalid", Pass::jobs},
  {"job-stuck", Pass::jobs},
  {"blob-malformed", Pass::graph},
  {"edge-cross-database", Pass::graph},
  {"no-shuffle-incompatible", Pass::graph},
  {"ensemble-invalid", Pass::graph},
  {"actor-vnode-invalid", Pass::graph},
  {"split-duplicated", Pass::graph},
  {"backfill-orders-invalid", Pass::graph},
  {"dml-fragment-invalid", Pass::graph},
  {"table-mview-fragment-invalid", Pass::graph},
  {"source-fragment-invalid", Pass::graph},
  {"stream-node-mismatch", Pass::graph},
  {"dependency-invalid", Pass::graph},
  {"state-table-mismatch", Pass::derived},
  {"vnode-count-invalid", Pass::derived},
  {"job-without-state-table", Pass::derived},
  {"source-splits-missing", Pass::derived},
  {"sink-into-table-invalid", Pass::derived},
  {"sink-target-lost", Pass::derived},
  {"incoming-sinks-mismatch", Pass::derived},
  {"subscription-invalid", Pass::derived},
  {"pending-sink-state-orphaned", Pass::derived},
  // Mostly the trace of another root cause (an internal table without its row, a parent
  // that moved with a broken job); a root of its own only when nothing else explains it.
  {"object-orphaned", Pass::leftovers},
  {"object-parent-invalid", Pass::leftovers},
}};

} // namespace

int
number(Pass pass)
{
  return static_cast<int>(pass);
}

std::string_view
to_string(Pass pass)
{
  return k_passes[static_cast<std::size_t>(number(pass) - 1)].first;
}

std::string_view
describe(Pass pass)
{
  return k_passes[static_cast<std::size_t>(number(pass) - 1)].second;
}

CheckPlace
place_of(std::string_view check)
{
  for (std::size_t i = 0; i < k_places.size(); ++i) {
    if (k_places[i].first == check) {
      return CheckPlace{k_places[i].second, static_cast<int>(i), true};
    }
  }
  return CheckPlace{};
}

} // namespace rwdoctor::incidents
