// stream-node-mismatch (INV-26, N9): what a fragment's stream_node plan says against the rows
// beside it. A Merge names its upstream fragment and dispatcher type; recovery builds the
// actor's inputs from the edges (fragment_relation from v2.3, before that the fragment's
// upstream_fragment_id list and the actors' upstream actor ids), so a Merge without an edge
// has no inputs and the compute node fails to build the actor ("no upstream actors found"),
// at every recovery. A StreamScan's type decides whether recovery may resume a background
// CREATING job: from v2.7 it refuses ("Recovery for unreschedulable background jobs is not
// yet implemented"), and from v2.8 an unspecified type reaches unreachable!().
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"
#include "checks/stream_node_catalog_rules.hpp"
#include "checks/stream_node_digest.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace rwdoctor::checks {

namespace {

// The first migration of v2.7, of v2.8, and of v3.0.1 (the releases whose recovery changed).
constexpr std::string_view k_v2_7 = "m20250905_144810_deprecate_table_incoming_sinks";
constexpr std::string_view k_v2_8 = "m20251112_114514_streaming_job_config_override";
constexpr std::string_view k_v3_0_1 = "m20260624_000000_pending_sink_state_object_fk";

std::string
dispatcher_name(std::int32_t type)
{
  static const char* const names[] = {"UNSPECIFIED", "HASH", "BROADCAST", "SIMPLE", "NO_SHUFFLE"};
  return type >= 0 && type < 5 ? names[type] : fmt::format("type {}", type);
}

std::string
scan_type_name(std::int32_t type)
{
  static const char* const names[] = {"UNSPECIFIED", "CHAIN", "REARRANGE", "BACKFILL", "UPSTREAM_ONLY",
                                      "ARRANGEMENT_BACKFILL", "SNAPSHOT_BACKFILL", "CROSS_DB_SNAPSHOT_BACKFILL"};
  return type >= 0 && type < 8 ? names[type] : fmt::format("type {}", type);
}

int
to_id(std::string_view text)
{
  return parse_listed_id(text, "a fragment id");
}

// The Merge inputs of a CREATED job's fragment against its edges ("2:HASH,5:NO_SHUFFLE", or
// "2:,5:" from upstream_fragment_id, which has no types).
void
judge_merges(const StreamNodeDigest& digest, std::string_view edges_text, bool typed_edges, int fragment,
             const std::vector<int>& existing, std::vector<PlanProblem>& problems)
{
  std::map<int, std::string> edges;
  util::for_each_part(edges_text, ',', [&](std::string_view edge) {
    const auto colon = edge.find(':');
    edges[to_id(edge.substr(0, colon))] = std::string(colon == std::string_view::npos ? "" : edge.substr(colon + 1));
  });
  for (const auto& merge : digest.merges) {
    if (merge.upstream_fragment_id == 0) {
      continue; // a placeholder RisingWave fills when it builds the graph
    }
    const auto edge = edges.find(merge.upstream_fragment_id);
    if (edge == edges.end()) {
      // A fragment that is gone is the upstream job's damage, reported by its own checks.
      if (std::binary_search(existing.begin(), existing.end(), merge.upstream_fragment_id)) {
        problems.push_back(
          {Severity::error, Consequence::recovery_error,
           typed_edges ? fmt::format("its plan merges from fragment {}, but fragment_relation has no edge {} -> {}",
                                     merge.upstream_fragment_id, merge.upstream_fragment_id, fragment)
                       : fmt::format("its plan merges from fragment {}, but its upstream_fragment_id does not list it",
                                     merge.upstream_fragment_id)});
      }
      continue;
    }
    if (merge.dispatcher_type == static_cast<std::int32_t>(DispatcherType::unspecified)) {
      problems.push_back({Severity::error, Consequence::recovery_error,
                          fmt::format("its Merge from fragment {} has no dispatcher type", merge.upstream_fragment_id)});
      continue;
    }
    const bool merge_no_shuffle = merge.dispatcher_type == static_cast<std::int32_t>(DispatcherType::no_shuffle);
    if (typed_edges && merge_no_shuffle != (edge->second == "NO_SHUFFLE")) {
      problems.push_back({Severity::error, Consequence::recovery_error,
                          fmt::format("its Merge from fragment {} expects {}, but the edge is {}", merge.upstream_fragment_id,
                                      dispatcher_name(merge.dispatcher_type), edge->second)});
    }
  }
}

// The StreamScan types of a CREATING job that recovery must resume, from v2.7.
void
judge_scan_types(const StreamNodeDigest& digest, const store::Generation& generation, std::vector<PlanProblem>& problems)
{
  std::set<std::int32_t> seen;
  for (const auto& scan : digest.scans) {
    const auto type = scan.scan_type;
    if (!seen.insert(type).second) {
      continue;
    }
    if (type == 0) {
      problems.push_back(generation.has(k_v2_8)
                           ? PlanProblem{Severity::critical, Consequence::panic,
                                     "a StreamScan has no scan type: recovery's is_reschedulable reaches unreachable!()"}
                           : PlanProblem{Severity::error, Consequence::recovery_error,
                                     "a StreamScan has no scan type, so recovery cannot resume the job"});
    } else if ((type >= 1 && type <= 3) || (type == 4 && !generation.has(k_v3_0_1))) {
      problems.push_back({Severity::error, Consequence::recovery_error,
                          fmt::format("a StreamScan is {}, which recovery cannot resume", scan_type_name(type))});
    }
  }
}

} // namespace

std::vector<RawFinding>
analyze_stream_nodes(const db::Rows& rows, const store::Generation& generation, BlobSource& blobs,
                     StreamNodeDigests* shared)
{
  const RowReader reader(rows);
  const int job_column = reader.column("job_id");
  const int status_column = reader.column("job_status");
  const int create_type_column = reader.column("create_type");
  const int typed_column = reader.column("typed_edges");
  const int fragments_column = reader.column("fragments");
  const int plans_column = reader.column("plans");
  const int own_source_column = reader.column("own_source");

  // The ids of every fragment, table and source (the rows ALL, TABLES, SOURCES, ROWLESS), sorted.
  CatalogIds catalog;
  bool plans_in_rows = false;
  std::size_t job_rows = 0;
  for (std::size_t row = 0; row < reader.size(); ++row) {
    const auto status = reader.text(row, status_column).value_or("");
    const auto list = reader.text(row, fragments_column).value_or("");
    if (status == "ALL" || status == "SOURCES" || status == "ROWLESS") {
      auto& ids = status == "ALL" ? catalog.fragments : status == "SOURCES" ? catalog.sources : catalog.rowless;
      util::for_each_part(list, ',', [&](std::string_view id) { ids.push_back(to_id(id)); });
      std::sort(ids.begin(), ids.end());
    } else if (status == "TABLES") {
      catalog.tables = parse_table_fragments(list);
    } else {
      ++job_rows;
      plans_in_rows = plans_in_rows || reader.text(row, plans_column).has_value();
    }
  }

  // The plans: in the rows (a scoped run reads only its jobs' fragments), from blob-malformed's
  // scan of this snapshot, or read here.
  StreamNodeDigests own;
  const StreamNodeDigests* digests = &own;
  if (plans_in_rows) {
    std::string bytes;
    for (std::size_t row = 0; row < reader.size(); ++row) {
      util::for_each_part(reader.text(row, plans_column).value_or(""), ';', [&](std::string_view plan) {
        const auto colon = plan.find(':');
        if (colon != std::string_view::npos && util::decode_bytea_hex(plan.substr(colon + 1), bytes)) {
          own.add(to_id(plan.substr(0, colon)), bytes);
        }
      });
    }
    own.mark_complete();
  } else if (shared != nullptr && shared->complete()) {
    digests = shared;
  } else if (job_rows > 0) { // there are jobs to judge
    blobs.scan("fragment", "fragment_id", "stream_node",
               [&](int key, std::string_view value) { own.add(key, value); });
    own.mark_complete();
  }

  const bool scans_matter = generation.has(k_v2_7);
  const bool foreground_resumed = generation.label == "head";
  std::vector<RawFinding> findings;
  for (std::size_t row = 0; row < reader.size(); ++row) {
    const auto status = reader.text(row, status_column).value_or("");
    const auto job = reader.integer(row, job_column);
    if (!job || (status != "CREATED" && status != "CREATING")) {
      continue;
    }
    const auto create_type = reader.text(row, create_type_column).value_or("");
    const bool typed_edges = reader.text(row, typed_column) == std::optional<std::string>("t");
    const bool judge_scans = status == "CREATING" && scans_matter && (create_type == "BACKGROUND" || foreground_resumed);
    FragmentFacts facts;
    facts.job = *job;
    facts.created = status == "CREATED";
    facts.own_source = reader.integer(row, own_source_column);
    // "3[16,18]<2:HASH,5:NO_SHUFFLE": the fragment, its state_table_ids, the edges into it
    util::for_each_part(reader.text(row, fragments_column).value_or(""), ';', [&](std::string_view entry) {
      const auto angle = entry.find('<');
      const auto head = entry.substr(0, angle);
      const auto square = head.find('[');
      const int fragment = to_id(head.substr(0, square));
      facts.state_tables = square == std::string_view::npos || head.back() != ']'
                             ? std::nullopt
                             : parse_state_tables(head.substr(square + 1, head.size() - square - 2));
      const auto digest = digests->find(fragment);
      std::vector<PlanProblem> problems;
      if (facts.created) {
        judge_merges(digest, angle == std::string_view::npos ? std::string_view() : entry.substr(angle + 1),
                     typed_edges, fragment, catalog.fragments, problems);
      } else if (judge_scans) {
        judge_scan_types(digest, generation, problems);
      }
      judge_named_objects(digest, facts, catalog, problems);
      if (problems.empty()) {
        return;
      }
      const auto worst = std::min_element(problems.begin(), problems.end(), [](const PlanProblem& a, const PlanProblem& b) {
        return a.severity < b.severity;
      });
      std::string text;
      for (const auto& problem : problems) {
        text += fmt::format("{}{}", text.empty() ? "" : "; ", problem.text);
      }
      RawFinding finding;
      finding.object_id = job;
      finding.job_id = job;
      finding.fragment_id = fragment;
      finding.severity = worst->severity;
      finding.consequence = worst->consequence;
      finding.message = status == "CREATED" ? fmt::format("fragment {} of job {}: {}", fragment, *job, text)
                                            : fmt::format("fragment {} of {} CREATING job {}: {}", fragment,
                                                          create_type == "BACKGROUND" ? "background" : "foreground",
                                                          *job, text);
      findings.push_back(std::move(finding));
    });
  }
  return findings;
}

} // namespace rwdoctor::checks
