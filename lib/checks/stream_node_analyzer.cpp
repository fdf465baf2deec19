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
#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
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
  if (digest.merges.empty()) {
    return; // nothing to compare: most fragments of a wide job have no Merge
  }
  // The edges into the fragment (a few; tens on the widest stores), views into edges_text.
  std::vector<std::pair<int, std::string_view>> edges;
  util::for_each_part(edges_text, ',', [&](std::string_view edge) {
    const auto colon = edge.find(':');
    edges.emplace_back(to_id(edge.substr(0, colon)),
                       colon == std::string_view::npos ? std::string_view() : edge.substr(colon + 1));
  });
  for (const auto& merge : digest.merges) {
    if (merge.upstream_fragment_id == 0) {
      continue; // a placeholder RisingWave fills when it builds the graph
    }
    const auto edge = std::find_if(edges.begin(), edges.end(), [&](const std::pair<int, std::string_view>& candidate) {
      return candidate.first == merge.upstream_fragment_id;
    });
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

// stream-node-mismatch's rows a block at a time (see StreamingAnalyzer): the catalog rows
// (job_status ALL, TABLES, SOURCES, ROWLESS) first, as the query orders them, then one row per
// job, judged as it comes, so memory holds one block of job rows, not the whole fragment graph.
class StreamNodeJudge final : public StreamingAnalyzer
{
public:
  StreamNodeJudge(const store::Generation& generation, BlobSource& blobs, StreamNodeDigests* shared)
      : m_generation(generation), m_blobs(blobs), m_shared(shared)
  {
  }

  void
  take(const db::Rows& block) override
  {
    const RowReader reader(block);
    const JobColumns columns(reader);
    // Two passes, so a block that holds every row (analyze_stream_nodes) may have them in any order.
    for (std::size_t row = 0; row < reader.size(); ++row) {
      const auto status = reader.text(row, columns.status).value_or("");
      if (is_catalog_row(status)) {
        if (m_judged_jobs) {
          throw OperationalError("stream-node-mismatch: a catalog row came after job rows were judged",
                                 "The check's query must order its catalog rows first; report this as a bug.");
        }
        take_catalog_row(status, reader.text(row, columns.fragments).value_or(""));
      }
    }
    for (std::size_t row = 0; row < reader.size(); ++row) {
      if (!is_catalog_row(reader.text(row, columns.status).value_or(""))) {
        judge_job(reader, columns, row);
      }
    }
  }

  std::vector<RawFinding>
  finish() override
  {
    return std::move(m_findings);
  }

private:
  // The positions of the query's columns in a block, looked up once per block.
  struct JobColumns
  {
    explicit JobColumns(const RowReader& reader)
        : status(reader.column("job_status")), job(reader.column("job_id")), plans(reader.column("plans")),
          create_type(reader.column("create_type")), typed_edges(reader.column("typed_edges")),
          own_source(reader.column("own_source")), fragments(reader.column("fragments"))
    {
    }
    int status;
    int job;
    int plans;
    int create_type;
    int typed_edges;
    int own_source;
    int fragments;
  };

  static bool
  is_catalog_row(std::string_view status)
  {
    return status == "ALL" || status == "TABLES" || status == "SOURCES" || status == "ROWLESS";
  }

  void
  take_catalog_row(std::string_view status, std::string_view list)
  {
    if (status == "TABLES") {
      m_catalog.tables = parse_table_fragments(list);
      return;
    }
    auto& ids = status == "ALL" ? m_catalog.fragments : status == "SOURCES" ? m_catalog.sources : m_catalog.rowless;
    util::for_each_part(list, ',', [&](std::string_view id) { ids.push_back(to_id(id)); });
    std::sort(ids.begin(), ids.end());
  }

  // The plans of the whole store: blob-malformed's scan of this snapshot, or read here once.
  const StreamNodeDigests&
  store_digests()
  {
    if (m_shared != nullptr && m_shared->complete()) {
      return *m_shared;
    }
    if (!m_own.complete()) {
      m_blobs.scan("fragment", "fragment_id", "stream_node",
                   [&](int key, std::string_view value) { m_own.add(key, value); });
      m_own.mark_complete();
    }
    return m_own;
  }

  void
  judge_job(const RowReader& reader, const JobColumns& columns, std::size_t row)
  {
    const auto status = reader.text(row, columns.status).value_or("");
    const auto job = reader.integer(row, columns.job);
    if (!job || (status != "CREATED" && status != "CREATING")) {
      return;
    }
    m_judged_jobs = true;
    // A scoped run carries the job's plans in its row ("3:\x0a..;8:.."); others read the store's.
    StreamNodeDigests row_plans;
    const auto plans = reader.text(row, columns.plans);
    if (plans) {
      std::string bytes;
      util::for_each_part(*plans, ';', [&](std::string_view plan) {
        const auto colon = plan.find(':');
        if (colon != std::string_view::npos && util::decode_bytea_hex(plan.substr(colon + 1), bytes)) {
          row_plans.add(to_id(plan.substr(0, colon)), bytes);
        }
      });
      row_plans.mark_complete();
    }
    const StreamNodeDigests& digests = plans ? row_plans : store_digests();

    const auto create_type = reader.text(row, columns.create_type).value_or("");
    const bool typed_edges = reader.text(row, columns.typed_edges) == std::optional<std::string>("t");
    const bool judge_scans = status == "CREATING" && m_generation.has(k_v2_7)
                             && (create_type == "BACKGROUND" || m_generation.label == "head");
    FragmentFacts facts;
    facts.job = *job;
    facts.created = status == "CREATED";
    facts.own_source = reader.integer(row, columns.own_source);
    // "3[16,18]<2:HASH,5:NO_SHUFFLE": the fragment, its state_table_ids, the edges into it
    util::for_each_part(reader.text(row, columns.fragments).value_or(""), ';', [&](std::string_view entry) {
      const auto angle = entry.find('<');
      const auto head = entry.substr(0, angle);
      const auto square = head.find('[');
      const int fragment = to_id(head.substr(0, square));
      facts.state_tables = square == std::string_view::npos || head.back() != ']'
                             ? std::nullopt
                             : parse_state_tables(head.substr(square + 1, head.size() - square - 2));
      const auto digest = digests.find(fragment);
      std::vector<PlanProblem> problems;
      if (facts.created) {
        judge_merges(digest, angle == std::string_view::npos ? std::string_view() : entry.substr(angle + 1),
                     typed_edges, fragment, m_catalog.fragments, problems);
      } else if (judge_scans) {
        judge_scan_types(digest, m_generation, problems);
      }
      judge_named_objects(digest, facts, m_catalog, problems);
      if (!problems.empty()) {
        m_findings.push_back(finding_of(problems, *job, fragment, status, create_type));
      }
    });
  }

  static RawFinding
  finding_of(const std::vector<PlanProblem>& problems, int job, int fragment, std::string_view status,
             std::string_view create_type)
  {
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
    finding.message = status == "CREATED" ? fmt::format("fragment {} of job {}: {}", fragment, job, text)
                                          : fmt::format("fragment {} of {} CREATING job {}: {}", fragment,
                                                        create_type == "BACKGROUND" ? "background" : "foreground",
                                                        job, text);
    return finding;
  }

  const store::Generation& m_generation;
  BlobSource& m_blobs;
  StreamNodeDigests* m_shared;
  StreamNodeDigests m_own; // read here when the run shares none
  CatalogIds m_catalog;
  bool m_judged_jobs = false;
  std::vector<RawFinding> m_findings;
};

} // namespace

std::unique_ptr<StreamingAnalyzer>
stream_node_judge(const store::Generation& generation, BlobSource& blobs, StreamNodeDigests* shared)
{
  return std::make_unique<StreamNodeJudge>(generation, blobs, shared);
}

std::vector<RawFinding>
analyze_stream_nodes(const db::Rows& rows, const store::Generation& generation, BlobSource& blobs,
                     StreamNodeDigests* shared)
{
  return stream_node_judge(generation, blobs, shared)->judge_whole(rows);
}

} // namespace rwdoctor::checks
