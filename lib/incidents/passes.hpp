// The repair passes: the order in which incidents are repaired so that each repair runs on
// ground that is already sound (structure first, then what depends on it, as e2fsck's
// passes). Pure data; `rwdoctor explain` and the README describe the same passes.
#pragma once

#include <string_view>

namespace rwdoctor::incidents {

enum class Pass {
  structure = 1, // the meta store's tables and foreign keys
  placement = 2, // databases, schemas, object placement and parents
  jobs = 3,      // streaming jobs and their own rows (object, streaming_job, type rows, fragments)
  graph = 4,     // the fragment graph: edges, ensembles, actors, blobs, dependencies
  derived = 5,   // data derived from the graph: state tables, splits, sinks, subscriptions
  leftovers = 6, // rows nothing refers to
};

// 1 to 6, as numbered above.
int number(Pass pass);
// "structure", "placement", ...
std::string_view to_string(Pass pass);
// One line saying what the pass repairs, for explain and the report.
std::string_view describe(Pass pass);

// The pass of a root finding of `check`, and its rank as a cause: when one job has findings
// of several checks, the finding of the lowest rank is the root and the others follow from
// it (an object in a missing database explains a wrong schema; a job that lost its fragments
// explains its type-less objects). Ranks grow with the pass. A check id not listed has pass
// derived and the highest rank, so a new check is never taken for a root cause by accident;
// tests/unit/test_incidents.cpp holds the catalogue to the list.
struct CheckPlace
{
  Pass pass = Pass::derived;
  int rank = 1000;
  bool listed = false;
};
CheckPlace place_of(std::string_view check);

} // namespace rwdoctor::incidents
