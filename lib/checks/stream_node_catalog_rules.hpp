// stream-node-mismatch's rules about what a plan names besides its Merges: the table its
// Materialize writes, the state tables its nodes keep, the tables its StreamScans read and the
// sources its Source nodes read, each compared with the catalog rows beside the plan. Used by
// the analyzer (stream_node_analyzer.cpp) and tested through it.
#pragma once

#include "checks/finding.hpp"
#include "checks/stream_node_digest.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rwdoctor::checks {

// One thing wrong with a fragment's plan; the analyzer joins a fragment's problems into one
// finding with the worst severity.
struct PlanProblem
{
  Severity severity;
  Consequence consequence;
  std::string text;
};

// The catalog ids a plan may name, each list sorted.
struct CatalogIds
{
  std::vector<int> fragments;
  std::vector<std::pair<int, int>> tables; // (table id, its fragment id or 0): the tables that are not internal
  std::vector<int> sources;
  std::vector<int> rowless; // table, index and source objects without their table or source row
};

// What the check's query says of one fragment of a job.
struct FragmentFacts
{
  int job = 0;
  bool created = false;                        // CREATED; a CREATING job may be a replacement (T5)
  std::optional<std::vector<int>> state_tables; // its state_table_ids; nullopt when they did not parse
  std::optional<int> own_source;                // a SOURCE job's id, a TABLE's associated source
};

// An id in one of the query's lists; throws OperationalError naming `what` ("a fragment id")
// when it is not one (a bug in the check file, not a store problem).
int parse_listed_id(std::string_view text, std::string_view what);

// The "16:3,19:5" list of the TABLES row, sorted; throws OperationalError on a malformed id.
std::vector<std::pair<int, int>> parse_table_fragments(std::string_view text);

// The "16,18" of a fragment's state_table_ids; nullopt when an element is not an id (the
// column's damage is state-table-mismatch's to report).
std::optional<std::vector<int>> parse_state_tables(std::string_view text);

void judge_named_objects(const StreamNodeDigest& digest, const FragmentFacts& fragment, const CatalogIds& catalog,
                         std::vector<PlanProblem>& problems);

} // namespace rwdoctor::checks
