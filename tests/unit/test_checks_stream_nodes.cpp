// stream-node-mismatch: decoding a plan into its Merge inputs and StreamScan types, and the
// analyzer's judgement of them against the edges, per RisingWave release.
#include "checks/analyzers.hpp"
#include "checks/stream_node_digest.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>

#include <map>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

// Protobuf wire format, as RisingWave's stream plan has it.
std::string
varint(std::uint64_t value)
{
  std::string out;
  while (value >= 128) {
    out.push_back(static_cast<char>((value & 127) | 128));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
  return out;
}

std::string
varint_field(int number, std::uint64_t value)
{
  return varint(static_cast<std::uint64_t>(number) << 3) + varint(value);
}

std::string
message_field(int number, const std::string& body)
{
  return varint((static_cast<std::uint64_t>(number) << 3) | 2) + varint(body.size()) + body;
}

// StreamNode: input = 3, merge = 111, stream_scan = 113, union = 118; identity = 18 (skipped).
std::string
node(const std::string& body, const std::vector<std::string>& inputs = {})
{
  std::string out = varint_field(1, 7) + message_field(18, "StreamSomething");
  for (const auto& input : inputs) {
    out += message_field(3, input);
  }
  return out + body;
}

std::string
merge(int upstream, int dispatcher_type)
{
  return message_field(111, varint_field(2, static_cast<std::uint64_t>(upstream))
                              + varint_field(3, static_cast<std::uint64_t>(dispatcher_type)));
}

std::string
scan(int scan_type)
{
  return message_field(113, varint_field(1, 16) + varint_field(4, static_cast<std::uint64_t>(scan_type)));
}

const std::string k_union = message_field(118, "");

class NoBlobs : public BlobSource
{
public:
  std::map<int, std::string> plans;
  int scans = 0;
  void
  scan(const std::string&, const std::string&, const std::string&,
       const std::function<void(int, std::string_view)>& visit) override
  {
    ++scans;
    for (const auto& [key, bytes] : plans) {
      visit(key, bytes);
    }
  }
};

struct Fragment
{
  int id;
  std::string edges; // "2:HASH,5:NO_SHUFFLE"
  std::string plan;
};

struct Job
{
  int id;
  std::string status;
  std::string create_type;
  std::vector<Fragment> fragments;
};

// The check query's rows: one per job, then the ALL row with `existing` (every fragment of the
// jobs when empty).
db::Rows
rows_of(const std::vector<Job>& jobs, bool typed = true, bool plans_in_rows = true, std::vector<int> existing = {})
{
  db::Rows rows;
  rows.columns = {"job_id", "job_status", "create_type", "typed_edges", "fragments", "plans"};
  for (const auto& job : jobs) {
    std::string fragments;
    std::string plans;
    for (const auto& f : job.fragments) {
      fragments += fmt::format("{}{}<{}", fragments.empty() ? "" : ";", f.id, f.edges);
      plans += fmt::format("{}{}:{}", plans.empty() ? "" : ";", f.id, util::encode_bytea_hex(f.plan));
      if (std::find(existing.begin(), existing.end(), f.id) == existing.end()) {
        existing.push_back(f.id);
      }
    }
    rows.values.push_back({std::to_string(job.id), job.status, job.create_type, std::string(typed ? "t" : "f"),
                           fragments, plans_in_rows ? std::optional<std::string>(plans) : std::nullopt});
  }
  std::string all;
  for (const int id : existing) {
    all += fmt::format("{}{}", all.empty() ? "" : ",", id);
  }
  rows.values.push_back({std::nullopt, std::string("ALL"), std::nullopt, std::nullopt, all, std::nullopt});
  return rows;
}

store::Generation
generation_with(std::vector<std::string> migrations, std::string label = "v2.8")
{
  store::Generation generation;
  generation.label = std::move(label);
  for (auto& migration : migrations) {
    generation.applied.insert(std::move(migration));
  }
  return generation;
}

const std::string k_v2_7 = "m20250905_144810_deprecate_table_incoming_sinks";
const std::string k_v2_8 = "m20251112_114514_streaming_job_config_override";
const std::string k_v3_0_1 = "m20260624_000000_pending_sink_state_object_fk";

} // namespace

TEST_CASE("a plan's digest lists its Merges and its StreamScan types, however deep", "[checks][stream-node]")
{
  const auto plan = node("", {node(k_union, {node(merge(10, 1)), node("", {node(merge(12, 3))})}),
                              node(scan(5), {node(merge(3, 4))})});
  const auto digest = digest_stream_node(plan);
  REQUIRE(digest);
  REQUIRE(digest->merges.size() == 3);
  CHECK(digest->merges[0].upstream_fragment_id == 10);
  CHECK(digest->merges[1].upstream_fragment_id == 12); // Union -> Project -> Merge
  CHECK(digest->merges[1].dispatcher_type == 3);
  CHECK(digest->merges[2].upstream_fragment_id == 3);
  CHECK(digest->merges[2].dispatcher_type == 4);
  CHECK(digest->scan_types == std::vector<std::int32_t>{5});

  StreamNodeDigests digests;
  digests.add(7, plan);
  digests.add(2, node(merge(1, 1)));
  digests.add(5, "\xff");
  digests.mark_complete();
  CHECK(digests.find(7).merges.size() == 3);
  CHECK(digests.find(7).merges[1].upstream_fragment_id == 12); // plan order kept
  CHECK(digests.find(2).merges.size() == 1);
  CHECK(digests.find(5).merges.empty());
  CHECK(digests.find(6).merges.empty());

  SECTION("bad input does not decode")
  {
    CHECK_FALSE(digest_stream_node(plan.substr(0, plan.size() - 1)));
    CHECK_FALSE(digest_stream_node(std::string("\xff\xff\xff", 3)));
    // a plan nested deeper than protobuf's recursion limit is not judged
    std::string deep = node(merge(1, 1));
    for (int i = 0; i < 120; ++i) {
      deep = node("", {deep});
    }
    CHECK_FALSE(digest_stream_node(deep));
  }
  SECTION("an empty plan has nothing to compare")
  {
    const auto empty = digest_stream_node("");
    REQUIRE(empty);
    CHECK(empty->merges.empty());
    CHECK(empty->scan_types.empty());
  }
}

TEST_CASE("stream-node-mismatch judges a CREATED job's Merges against its edges", "[checks][stream-node]")
{
  NoBlobs blobs;
  const auto generation = generation_with({k_v2_7, k_v2_8});
  const auto created = [](int id, std::vector<Fragment> fragments) {
    return Job{id, "CREATED", "FOREGROUND", std::move(fragments)};
  };
  SECTION("healthy: every Merge has its edge; HASH over SIMPLE is how a singleton is planned; upstream 0 is a placeholder")
  {
    const auto rows = rows_of({created(16, {{2, "", node("")}, {3, "2:HASH", node("", {node(merge(2, 1))})}}),
                               created(41, {{19, "", ""}, {20, "19:SIMPLE", node("", {node(merge(19, 1))})}}),
                               created(24, {{8, "3:NO_SHUFFLE", node(scan(5), {node(merge(3, 4)), node(merge(0, 0))})}})},
                              true, true, {3});
    CHECK(analyze_stream_nodes(rows, generation, blobs, nullptr).empty());
  }
  SECTION("a Merge without its edge is an error; several problems make one finding with the worst severity")
  {
    const auto rows = rows_of({created(16, {{2, "", ""}, {3, "", node("", {node(merge(2, 1))})}}),
                               created(24, {{8, "3:HASH,5:NO_SHUFFLE",
                                             node("", {node(merge(3, 4)), node(merge(5, 1)), node(merge(6, 0))})}})},
                              true, true, {5, 6});
    const auto findings = analyze_stream_nodes(rows, generation, blobs, nullptr);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0].fragment_id == 3);
    CHECK(findings[0].job_id == 16);
    CHECK(findings[0].object_id == 16);
    CHECK(findings[0].severity == Severity::error);
    CHECK(findings[0].consequence == Consequence::recovery_error);
    CHECK(findings[0].message == "fragment 3 of job 16: its plan merges from fragment 2, but fragment_relation has no edge 2 -> 3");
    CHECK(findings[1].message
          == "fragment 8 of job 24: its Merge from fragment 3 expects NO_SHUFFLE, but the edge is HASH; its Merge from "
             "fragment 5 expects HASH, but the edge is NO_SHUFFLE; its plan merges from fragment 6, but fragment_relation "
             "has no edge 6 -> 8");
  }
  SECTION("a Merge from a fragment that is gone is left to the upstream job's own findings")
  {
    const auto rows = rows_of({created(24, {{8, "", node("", {node(merge(3, 4))})}})});
    CHECK(analyze_stream_nodes(rows, generation, blobs, nullptr).empty());
  }
  SECTION("a Merge with an edge but no dispatcher type")
  {
    const auto rows = rows_of({created(16, {{2, "", ""}, {3, "2:HASH", node("", {node(merge(2, 0))})}})});
    const auto findings = analyze_stream_nodes(rows, generation, blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "fragment 3 of job 16: its Merge from fragment 2 has no dispatcher type");
  }
  SECTION("before v2.3 the upstream_fragment_id list has no types: only the ids are compared")
  {
    const auto rows = rows_of({created(24, {{8, "3:", node("", {node(merge(3, 4)), node(merge(4, 1))})}})}, false, true,
                              {3, 4});
    const auto findings = analyze_stream_nodes(rows, generation_with({}, "v2.0"), blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message == "fragment 8 of job 24: its plan merges from fragment 4, but its upstream_fragment_id does not list it");
  }
  SECTION("CREATING jobs' Merges are not judged")
  {
    const auto rows = rows_of({Job{16, "CREATING", "BACKGROUND", {{2, "", ""}, {3, "", node("", {node(merge(2, 1))})}}}});
    CHECK(analyze_stream_nodes(rows, generation, blobs, nullptr).empty());
  }
  SECTION("a check file that gives something else than fragment ids is a bug, said as such")
  {
    auto rows = rows_of({created(16, {{3, "", ""}})});
    rows.values[0][4] = std::string("x<2:HASH");
    CHECK_THROWS_WITH(analyze_stream_nodes(rows, generation, blobs, nullptr),
                      Catch::Contains("'x' is not a fragment id"));
  }
  CHECK(blobs.scans == 0); // the plans came in the rows
}

TEST_CASE("stream-node-mismatch judges a CREATING job's StreamScan types by release", "[checks][stream-node]")
{
  NoBlobs blobs;
  const auto creating = [](int scan_type, std::string create_type = "BACKGROUND") {
    return rows_of({Job{26, "CREATING", std::move(create_type), {{9, "3:NO_SHUFFLE", node(scan(scan_type), {node(merge(3, 4))})}}}});
  };
  const auto severity_of = [&](const db::Rows& rows, const store::Generation& generation) -> std::optional<Severity> {
    const auto findings = analyze_stream_nodes(rows, generation, blobs, nullptr);
    if (findings.empty()) {
      return std::nullopt;
    }
    return findings.front().severity;
  };
  const auto v2_6 = generation_with({}, "v2.6");
  const auto v2_7 = generation_with({k_v2_7}, "v2.7");
  const auto v2_8 = generation_with({k_v2_7, k_v2_8}, "v2.8");
  const auto v3_0_3 = generation_with({k_v2_7, k_v2_8, k_v3_0_1}, "v3.0.1–v3.0.3");
  const auto head = generation_with({k_v2_7, k_v2_8, k_v3_0_1}, "head");

  CHECK(severity_of(creating(1), v2_6) == std::nullopt); // before v2.7 it only skips automatic scaling
  CHECK(severity_of(creating(1), v2_7) == Severity::error);
  CHECK(severity_of(creating(3), v3_0_3) == Severity::error);
  CHECK(severity_of(creating(0), v2_7) == Severity::error);
  CHECK(severity_of(creating(0), v2_8) == Severity::critical);
  CHECK(severity_of(creating(4), v2_8) == Severity::error);
  CHECK(severity_of(creating(4), v3_0_3) == std::nullopt);
  CHECK(severity_of(creating(5), v2_8) == std::nullopt);
  CHECK(severity_of(creating(6), v2_8) == std::nullopt);
  CHECK(severity_of(creating(7), v2_8) == std::nullopt);
  CHECK(severity_of(creating(1, "FOREGROUND"), v3_0_3) == std::nullopt); // recovery cleans it
  CHECK(severity_of(creating(1, "FOREGROUND"), head) == Severity::error); // HEAD resumes it
  const auto findings = analyze_stream_nodes(creating(2), v2_8, blobs, nullptr);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].message == "fragment 9 of background CREATING job 26: a StreamScan is REARRANGE, which recovery cannot resume");
}

TEST_CASE("stream-node-mismatch takes the plans from blob-malformed's scan or reads them once itself", "[checks][stream-node]")
{
  const auto generation = generation_with({k_v2_7, k_v2_8});
  NoBlobs blobs;
  blobs.plans = {{2, node("")}, {3, node("", {node(merge(2, 1))})}, {5, node("", {node(merge(4, 1))})}};
  const auto rows = rows_of({Job{16, "CREATED", "FOREGROUND", {{2, "", ""}, {3, "", ""}}}}, true, false);

  SECTION("read here when nothing was shared")
  {
    const auto findings = analyze_stream_nodes(rows, generation, blobs, nullptr);
    CHECK(blobs.scans == 1);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].fragment_id == 3);
  }
  SECTION("shared by a finished blob-malformed scan: not read again")
  {
    // blob-malformed's scan digests the plans as it validates them
    store::SchemaFacts facts;
    facts.tables = {"fragment"};
    facts.columns = {"fragment.stream_node"};
    StreamNodeDigests shared;
    CHECK(analyze_blobs(facts, blobs, &shared).empty());
    CHECK(shared.complete());
    CHECK(shared.find(3).merges.size() == 1);
    blobs.scans = 0;
    const auto findings = analyze_stream_nodes(rows, generation, blobs, &shared);
    CHECK(blobs.scans == 0);
    CHECK(findings.size() == 1);
  }
  SECTION("nothing to read when there is no job to judge")
  {
    CHECK(analyze_stream_nodes(rows_of({}, true, false, {1, 2}), generation, blobs, nullptr).empty());
    CHECK(blobs.scans == 0);
  }
  SECTION("digesting the plans does not change what blob-malformed reports")
  {
    store::SchemaFacts facts;
    facts.tables = {"fragment"};
    facts.columns = {"fragment.stream_node"};
    std::string deep = node(merge(1, 1));
    for (int i = 0; i < 120; ++i) {
      deep = node("", {deep});
    }
    const auto good = node("", {node(merge(2, 1))});
    NoBlobs plans;
    plans.plans = {{3, good}, {4, deep}, {5, good.substr(0, good.size() - 1)}, {6, std::string("\x08", 1)}};
    StreamNodeDigests shared;
    const auto with = analyze_blobs(facts, plans, &shared);
    const auto without = analyze_blobs(facts, plans);
    // the cut plan and the lone tag; the deep one is well-formed, just not digested
    REQUIRE(with.size() == 2);
    CHECK(with[0].fragment_id == 5);
    CHECK(with[1].fragment_id == 6);
    REQUIRE(without.size() == 2);
    CHECK(without[0].message == with[0].message);
    CHECK(without[1].message == with[1].message);
    CHECK(shared.find(3).merges.size() == 1);
    CHECK(shared.find(4).merges.empty());
  }
  SECTION("a shared scan that did not finish is not trusted")
  {
    StreamNodeDigests partial;
    const auto findings = analyze_stream_nodes(rows, generation, blobs, &partial);
    CHECK(blobs.scans == 1);
    CHECK(findings.size() == 1);
  }
}
