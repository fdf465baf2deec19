// stream-node-mismatch: decoding a plan into its Merge inputs, StreamScans and the objects its
// nodes name, and the analyzer's judgement of them against the edges and the catalog, per
// RisingWave release.
#include "checks/analyzers.hpp"
#include "checks/stream_node_catalog_rules.hpp"
#include "checks/stream_node_digest.hpp"
#include "protobuf_wire.hpp"
#include "row_by_row.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>

#include <map>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

using test::wire::message_field;
using test::wire::varint_field;

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

// StreamScanNode: table_id 1, stream_scan_type 4, state_table 5 (a catalog.Table, id = 1; 0: none).
std::string
scan(int scan_type, int table_id = 16, int state_table = 0)
{
  return message_field(113, varint_field(1, static_cast<std::uint64_t>(table_id))
                              + varint_field(4, static_cast<std::uint64_t>(scan_type))
                              + (state_table == 0 ? std::string()
                                                  : message_field(5, varint_field(1, static_cast<std::uint64_t>(state_table)))));
}

// Materialize = 103 {table_id 1}; Source = 100 {source_inner 1 {source_id 1}}; SourceBackfill =
// 142 {upstream_source_id 1}.
std::string
materialize(int table_id)
{
  return message_field(103, varint_field(1, static_cast<std::uint64_t>(table_id)));
}

std::string
source(int source_id)
{
  return message_field(100, message_field(1, varint_field(1, static_cast<std::uint64_t>(source_id))));
}

std::string
source_backfill(int source_id)
{
  return message_field(142, varint_field(1, static_cast<std::uint64_t>(source_id)));
}

const std::string k_union = message_field(118, "");

// A catalog.Table as a node embeds it: only its id (field 1).
std::string
table(int id)
{
  return varint_field(1, static_cast<std::uint64_t>(id));
}

// HashAgg (106) or SimpleAgg (105): agg_call_states 3 (AggCallState: value_state 1,
// materialized_input_state 3 {table 1}), intermediate_state_table 4, distinct_dedup_tables 6
// (map entries: key 1, value 2), each list in the order given.
std::string
aggregation(int body, int intermediate, const std::vector<int>& materialized_inputs,
            const std::vector<std::pair<int, int>>& dedup_tables)
{
  std::string out = message_field(3, message_field(1, "")); // a call kept in the intermediate state
  for (const int input : materialized_inputs) {
    out += message_field(3, message_field(3, message_field(1, table(input))));
  }
  out += message_field(4, table(intermediate));
  for (const auto& [column, id] : dedup_tables) {
    out += message_field(6, varint_field(1, static_cast<std::uint64_t>(column)) + message_field(2, table(id)));
  }
  return message_field(body, out);
}

// A node body whose tables are its own fields: (field number, table id) in the order given.
std::string
body_with_tables(int body, const std::vector<std::pair<int, int>>& tables)
{
  std::string out;
  for (const auto& [field, id] : tables) {
    out += message_field(field, table(id));
  }
  return message_field(body, out);
}

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
  std::optional<std::string> state_tables = std::nullopt; // "24,25" as the query gives them; nullopt: NULL
};

struct Job
{
  int id;
  std::string status;
  std::string create_type;
  std::vector<Fragment> fragments;
  std::optional<int> own_source = std::nullopt;
};

std::string
id_list(const std::vector<int>& ids)
{
  std::string out;
  for (const int id : ids) {
    out += fmt::format("{}{}", out.empty() ? "" : ",", id);
  }
  return out;
}

// The check query's rows: one per job, then the ALL row with `existing` (every fragment of the
// jobs when empty), the TABLES row ("16:3": table 16's fragment is 3) and the SOURCES row.
db::Rows
rows_of(const std::vector<Job>& jobs, bool typed = true, bool plans_in_rows = true, std::vector<int> existing = {},
        const std::string& tables = "16:3,19:5,30:", const std::vector<int>& sources = {14, 20})
{
  db::Rows rows;
  rows.columns = {"job_id", "job_status", "create_type", "typed_edges", "fragments", "plans", "own_source"};
  for (const auto& job : jobs) {
    std::string fragments;
    std::string plans;
    for (const auto& f : job.fragments) {
      fragments += fmt::format("{}{}{}<{}", fragments.empty() ? "" : ";", f.id,
                               f.state_tables ? "[" + *f.state_tables + "]" : std::string(), f.edges);
      plans += fmt::format("{}{}:{}", plans.empty() ? "" : ";", f.id, util::encode_bytea_hex(f.plan));
      if (std::find(existing.begin(), existing.end(), f.id) == existing.end()) {
        existing.push_back(f.id);
      }
    }
    rows.values.push_back({std::to_string(job.id), job.status, job.create_type, std::string(typed ? "t" : "f"),
                           fragments, plans_in_rows ? std::optional<std::string>(plans) : std::nullopt,
                           job.own_source ? std::optional<std::string>(std::to_string(*job.own_source)) : std::nullopt});
  }
  const std::optional<std::string> none;
  rows.values.push_back({none, std::string("ALL"), none, none, id_list(existing), none, none});
  rows.values.push_back({none, std::string("TABLES"), none, none, tables, none, none});
  rows.values.push_back({none, std::string("SOURCES"), none, none, id_list(sources), none, none});
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

TEST_CASE("a plan's digest lists its Merges, StreamScans and named objects, however deep", "[checks][stream-node]")
{
  const auto plan = node(materialize(24), {node(k_union, {node(merge(10, 1)), node("", {node(merge(12, 3))})}),
                                           node(scan(5), {node(merge(3, 4))}), node(source(14)),
                                           node(source_backfill(20)), node(message_field(100, ""))});
  const auto digest = digest_stream_node(plan);
  REQUIRE(digest);
  REQUIRE(digest->merges.size() == 3);
  CHECK(digest->merges[0].upstream_fragment_id == 10);
  CHECK(digest->merges[1].upstream_fragment_id == 12); // Union -> Project -> Merge
  CHECK(digest->merges[1].dispatcher_type == 3);
  CHECK(digest->merges[2].upstream_fragment_id == 3);
  CHECK(digest->merges[2].dispatcher_type == 4);
  REQUIRE(digest->scans.size() == 1);
  CHECK(digest->scans[0].scan_type == 5);
  CHECK(digest->scans[0].table_id == 16);
  // the Materialize, the Source and the SourceBackfill; a Source without source_inner (a DML
  // table's placeholder) names nothing
  REQUIRE(digest->objects.size() == 3);
  CHECK(digest->objects[0].kind == NodeObjectKind::materialized_table);
  CHECK(digest->objects[0].id == 24);
  CHECK(digest->objects[1].kind == NodeObjectKind::source);
  CHECK(digest->objects[1].id == 14);
  CHECK(digest->objects[2].kind == NodeObjectKind::backfill_source);
  CHECK(digest->objects[2].id == 20);
  // a scan's state table is a named object too, and its Merge input names its upstream
  const auto scanned = digest_stream_node(node(scan(5, 16, 25), {node(merge(3, 4)), node("")}));
  REQUIRE(scanned);
  REQUIRE(scanned->scans.size() == 1);
  CHECK(scanned->scans[0].upstream_fragment_id == 3);
  REQUIRE(scanned->objects.size() == 1);
  CHECK(scanned->objects[0].kind == NodeObjectKind::state_table);
  CHECK(scanned->objects[0].id == 25);

  StreamNodeDigests digests;
  digests.add(7, plan);
  digests.add(2, node(merge(1, 1)));
  digests.add(5, "\xff");
  digests.mark_complete();
  CHECK(digests.find(7).merges.size() == 3);
  CHECK(digests.find(7).merges[1].upstream_fragment_id == 12); // plan order kept
  CHECK(digests.find(7).scans.size() == 1);
  CHECK(digests.find(7).objects.size() == 3);
  CHECK(digests.find(2).objects.empty());
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
    CHECK(empty->scans.empty());
    CHECK(empty->objects.empty());
  }
}

TEST_CASE("a plan's digest names every state table of the node kinds RisingWave visits", "[checks][stream-node]")
{
  struct Family
  {
    std::string name;
    std::string body;
    std::vector<int> tables; // in RisingWave's visiting order
  };
  const std::vector<Family> families = {
    // aggregation: the intermediate state, the materialized inputs, the dedup tables by column
    {"HashAgg", aggregation(106, 51, {50}, {{2, 53}, {1, 52}}), {51, 50, 52, 53}},
    {"SimpleAgg", aggregation(105, 43, {}, {}), {43}},
    // joins and filters: left before right, each side's degree table after it
    {"HashJoin", body_with_tables(108, {{6, 36}, {7, 37}, {8, 38}, {9, 39}}), {36, 38, 37, 39}},
    {"TemporalJoin", body_with_tables(131, {{9, 60}}), {60}},
    {"DynamicFilter", body_with_tables(122, {{3, 61}, {4, 62}}), {61, 62}},
    {"AsOfJoin", body_with_tables(147, {{4, 63}, {5, 64}}), {63, 64}},
    // top-N and dedup
    {"AppendOnlyTopN", body_with_tables(107, {{3, 65}}), {65}},
    {"TopN", body_with_tables(109, {{3, 66}}), {66}},
    {"GroupTopN", body_with_tables(124, {{4, 67}}), {67}},
    {"AppendOnlyGroupTopN", body_with_tables(130, {{4, 68}}), {68}},
    {"AppendOnlyDedup", body_with_tables(134, {{1, 69}}), {69}},
    // windows, sorts, watermarks and gap fills
    {"Sort", body_with_tables(125, {{1, 70}}), {70}},
    {"OverWindow", body_with_tables(137, {{4, 71}}), {71}},
    {"EowcOverWindow", body_with_tables(136, {{4, 72}, {5, 73}}), {72, 73}},
    {"WatermarkFilter", body_with_tables(126, {{2, 74}, {2, 75}}), {74, 75}},
    {"Now", body_with_tables(129, {{1, 76}}), {76}},
    {"GapFill", body_with_tables(154, {{5, 77}}), {77}},
    {"EowcGapFill", body_with_tables(153, {{5, 78}, {6, 79}}), {78, 79}},
    {"GlobalApproxPercentile", body_with_tables(145, {{3, 80}, {4, 81}}), {80, 81}},
    {"MaterializedExprs", body_with_tables(149, {{2, 82}}), {82}},
    // scans, sinks, log stores and writers
    {"StreamCdcScan", body_with_tables(139, {{4, 83}}), {83}},
    {"StreamFsFetch", message_field(138, message_field(1, message_field(2, table(84)))), {84}},
    {"Sink", body_with_tables(120, {{2, 85}}), {85}},
    {"Arrange", body_with_tables(116, {{3, 86}}), {86}},
    {"SyncLogStore", body_with_tables(148, {{1, 87}}), {87}},
    {"VectorIndexWrite", body_with_tables(150, {{1, 88}}), {88}},
    {"LocalityProvider", body_with_tables(152, {{2, 89}, {3, 90}}), {89, 90}},
    {"IcebergWithPkIndexWriter", body_with_tables(156, {{2, 91}}), {91}},
  };
  for (const auto& family : families) {
    INFO(family.name);
    // under a Project, beside a Merge: a node anywhere in the tree is visited
    const auto plan = node("", {node(message_field(101, ""), {node(family.body)}), node(merge(2, 1))});
    const auto digest = digest_stream_node(plan);
    REQUIRE(digest);
    std::vector<int> ids;
    for (const auto& object : digest->objects) {
      CHECK(object.kind == NodeObjectKind::state_table);
      ids.push_back(object.id);
    }
    CHECK(ids == family.tables);
    CHECK(digest->merges.size() == 1);
  }
  SECTION("a Materialize's own table, then a refreshable table's staging and progress tables")
  {
    const auto digest = digest_stream_node(
      node(message_field(103, varint_field(1, 30) + message_field(5, table(92)) + message_field(6, table(93)))));
    REQUIRE(digest);
    REQUIRE(digest->objects.size() == 3);
    CHECK(digest->objects[0].kind == NodeObjectKind::materialized_table);
    CHECK(digest->objects[0].id == 30);
    CHECK(digest->objects[1].kind == NodeObjectKind::state_table);
    CHECK(digest->objects[1].id == 92);
    CHECK(digest->objects[2].id == 93);
  }
  SECTION("a table a node does not have names nothing: a sink without a log store, a stateless simple agg")
  {
    for (const auto& plan : {message_field(120, varint_field(3, 1)), message_field(131, ""),
                             message_field(104, message_field(4, table(94))), message_field(138, "")}) {
      const auto digest = digest_stream_node(node(plan));
      REQUIRE(digest);
      CHECK(digest->objects.empty());
    }
  }
}

TEST_CASE("stream-node-mismatch judges the state tables of joins and aggregations like any other",
          "[checks][stream-node]")
{
  // mv_orders' MVIEW fragment: Materialize(16) over a HashAgg keeping table 18
  const auto plan = [](int agg_table) {
    return node(materialize(16), {node(aggregation(106, agg_table, {}, {}), {node(merge(2, 1))})});
  };
  FragmentFacts fragment;
  fragment.job = 16;
  fragment.created = true;
  fragment.state_tables = std::vector<int>{16, 18};
  const CatalogIds catalog;
  const auto judged = [&](const std::string& bytes, const FragmentFacts& facts) {
    std::vector<PlanProblem> problems;
    const auto digest = digest_stream_node(bytes);
    REQUIRE(digest);
    judge_named_objects(*digest, facts, catalog, problems);
    return problems;
  };
  CHECK(judged(plan(18), fragment).empty());
  SECTION("a HashAgg keeping another job's table that the fragment does not list is critical")
  {
    const auto problems = judged(plan(43), fragment);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].severity == Severity::critical);
    CHECK(problems[0].consequence == Consequence::data_loss);
    CHECK(problems[0].text
          == "its plan keeps state table 43, which the fragment's state_table_ids do not list, so recovery purges "
             "its state");
    auto creating = fragment;
    creating.created = false; // a replacement's plan keeps the original's tables
    CHECK(judged(plan(43), creating).empty());
  }
  SECTION("a HashJoin's degree tables and a SimpleAgg's dedup tables count too, each once")
  {
    const auto join = node(materialize(33), {node(body_with_tables(108, {{6, 36}, {7, 37}, {8, 44}, {9, 44}}))});
    fragment.job = 33;
    fragment.state_tables = std::vector<int>{33, 36, 37};
    auto problems = judged(join, fragment);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].text.find("state table 44,") != std::string::npos);
    fragment.state_tables = std::vector<int>{33, 36, 37, 44};
    CHECK(judged(join, fragment).empty());

    const auto simple = node(materialize(41), {node(aggregation(105, 43, {45}, {{0, 46}}))});
    fragment.job = 41;
    fragment.state_tables = std::vector<int>{41, 43, 45};
    problems = judged(simple, fragment);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].text.find("state table 46,") != std::string::npos);
  }
  SECTION("through the analyzer: one finding for the fragment, on its job")
  {
    NoBlobs blobs;
    const auto rows = rows_of({Job{16, "CREATED", "FOREGROUND", {{3, "2:HASH", plan(43), std::string("16,18")}}}},
                              true, true, {2});
    const auto findings = analyze_stream_nodes(rows, generation_with({k_v2_7, k_v2_8}), blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].severity == Severity::critical);
    CHECK(findings[0].message
          == "fragment 3 of job 16: its plan keeps state table 43, which the fragment's state_table_ids do not list, "
             "so recovery purges its state");
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

TEST_CASE("stream-node-mismatch judges the table a plan materializes and the tables and sources it reads",
          "[checks][stream-node]")
{
  NoBlobs blobs;
  const auto generation = generation_with({k_v2_7, k_v2_8});
  const auto job = [](std::string status, int id, const std::string& plan) {
    return Job{id, std::move(status), "BACKGROUND", {{8, "3:NO_SHUFFLE", plan}}};
  };
  const auto healthy = node(materialize(24), {node(scan(5, 16), {node(merge(3, 4))}), node(source(14)),
                                              node(source_backfill(14)), node(message_field(100, ""))});
  SECTION("healthy: its own table, tables and sources that exist")
  {
    CHECK(analyze_stream_nodes(rows_of({job("CREATED", 24, healthy)}, true, true, {3}), generation, blobs, nullptr)
            .empty());
  }
  SECTION("a Materialize that writes another job's table is critical: it corrupts that table's state")
  {
    const auto findings = analyze_stream_nodes(rows_of({job("CREATED", 25, healthy)}, true, true, {3}), generation,
                                               blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].severity == Severity::critical);
    CHECK(findings[0].consequence == Consequence::data_loss);
    CHECK(findings[0].message == "fragment 8 of job 25: its Materialize writes table 24, not the job's own table 25");
  }
  SECTION("a replacement job (CREATING) writes the original's table: not judged")
  {
    CHECK(analyze_stream_nodes(rows_of({job("CREATING", 1025, healthy)}, true, true, {3}), generation, blobs, nullptr)
            .empty());
  }
  SECTION("a state table the fragment's state_table_ids do not list is critical: recovery purges its state")
  {
    const auto plan = node(materialize(24), {node(scan(5, 16, 25), {node(merge(3, 4))})});
    const auto judged = [&](std::optional<std::string> states, std::string status = "CREATED") {
      return analyze_stream_nodes(
        rows_of({Job{24, std::move(status), "FOREGROUND", {{8, "3:NO_SHUFFLE", plan, std::move(states)}}}}, true, true,
                {3}),
        generation, blobs, nullptr);
    };
    CHECK(judged(std::string("24,25")).empty());
    CHECK(judged(std::nullopt).empty());          // NULL state_table_ids: state-table-mismatch's
    CHECK(judged(std::string("24,x")).empty());   // not ids: state-table-mismatch's
    CHECK(judged(std::string("24"), "CREATING").empty()); // a replacement lists the original's
    auto findings = judged(std::string("24"));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].severity == Severity::critical);
    CHECK(findings[0].consequence == Consequence::data_loss);
    CHECK(findings[0].message
          == "fragment 8 of job 24: its plan keeps state table 25, which the fragment's state_table_ids do not list, "
             "so recovery purges its state");
    findings = judged(std::string(""));
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message.find("state table 24,") != std::string::npos);
    CHECK(findings[0].message.find("state table 25,") != std::string::npos);
  }
  SECTION("a TABLE's or SOURCE's Source reads its own source; a StreamScan merges from its table's fragment")
  {
    const auto table = Job{19, "CREATED", "FOREGROUND", {{4, "", node("", {node(source(20))})}}, 20};
    CHECK(analyze_stream_nodes(rows_of({table}), generation, blobs, nullptr).empty());
    auto other = table;
    other.fragments[0].plan = node("", {node(source(14))});
    auto findings = analyze_stream_nodes(rows_of({other}), generation, blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].severity == Severity::error);
    CHECK(findings[0].consequence == Consequence::silent);
    CHECK(findings[0].message == "fragment 4 of job 19: its Source reads source 14, not the job's own source 20");
    // an MV reading a source has no own source; a SourceBackfill reads another job's source
    other.own_source = std::nullopt;
    CHECK(analyze_stream_nodes(rows_of({other}), generation, blobs, nullptr).empty());

    const auto misplaced = Job{24, "CREATED", "FOREGROUND", {{8, "5:NO_SHUFFLE", node(scan(5, 16), {node(merge(5, 4))})}}};
    findings = analyze_stream_nodes(rows_of({misplaced}, true, true, {5}), generation, blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].message
          == "fragment 8 of job 24: its StreamScan reads table 16 but merges from fragment 5, not from table 16's fragment 3");
    // a table whose fragment_id is NULL, or a scan without a Merge (cross-database), is not compared
    CHECK(analyze_stream_nodes(rows_of({misplaced}, true, true, {5}, "16:"), generation, blobs, nullptr).empty());
    const auto cross = Job{24, "CREATED", "FOREGROUND", {{8, "", node(scan(7, 16))}}};
    CHECK(analyze_stream_nodes(rows_of({cross}), generation, blobs, nullptr).empty());
  }
  SECTION("a TABLES row that is not ids is a bug in the check file")
  {
    CHECK_THROWS_WITH(analyze_stream_nodes(rows_of({}, true, true, {}, "16:x"), generation, blobs, nullptr),
                      Catch::Contains("'x' is not a fragment id"));
  }
  SECTION("a table or source that is gone, for CREATED and CREATING jobs alike")
  {
    const auto stale = node(materialize(24), {node(scan(6, 99), {node(merge(3, 4))}), node(scan(6, 99)),
                                              node(source(77))});
    // (the Materialize's table is listed: only the stale names are reported)
    for (const auto* status : {"CREATED", "CREATING"}) {
      const auto findings = analyze_stream_nodes(rows_of({job(status, 24, stale)}, true, true, {3}), generation,
                                                 blobs, nullptr);
      INFO(status);
      REQUIRE(findings.size() == 1);
      CHECK(findings[0].severity == Severity::error);
      CHECK(findings[0].consequence == Consequence::recovery_error); // the worst of the two
      CHECK(findings[0].message.find("its StreamScan reads table 99, which no longer exists; it reads source 77, "
                                     "which no longer exists")
            != std::string::npos);
    }
    const auto findings = analyze_stream_nodes(
      rows_of({job("CREATED", 24, node(materialize(24), {node(source_backfill(77))}))}, true, true, {3}), generation,
      blobs, nullptr);
    REQUIRE(findings.size() == 1);
    CHECK(findings[0].consequence == Consequence::silent);
  }
  SECTION("an object that lost its table or source row is the upstream job's damage, not reported here")
  {
    // deleting mv_orders' fragments takes its table row along on some releases: the seed incident
    auto rows = rows_of({job("CREATED", 24, node(materialize(24), {node(scan(5, 99), {node(merge(3, 4))}),
                                                                    node(source_backfill(77))}))},
                        true, true, {3});
    rows.values.push_back({std::nullopt, std::string("ROWLESS"), std::nullopt, std::nullopt, std::string("77,99"),
                           std::nullopt, std::nullopt});
    CHECK(analyze_stream_nodes(rows, generation, blobs, nullptr).empty());
  }
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

TEST_CASE("stream-node-mismatch judges rows fed a block at a time as it judges them whole", "[checks][stream-node]")
{
  NoBlobs blobs;
  const auto generation = generation_with({k_v2_7, k_v2_8});
  const auto whole = rows_of({Job{16, "CREATED", "FOREGROUND", {{2, "", ""}, {3, "", node("", {node(merge(2, 1))})}}},
                              Job{41, "CREATED", "FOREGROUND", {{19, "", ""}, {20, "19:SIMPLE", node("", {node(merge(19, 1))})}}},
                              Job{24, "CREATED", "FOREGROUND", {{8, "3:HASH", node("", {node(merge(3, 4))})}}}},
                             true, true, {5});
  const auto expected = analyze_stream_nodes(whole, generation, blobs, nullptr);
  REQUIRE(expected.size() == 2);

  // The query's order: the catalog rows (job_id NULL) first, then the jobs.
  auto ordered = whole;
  std::stable_partition(ordered.values.begin(), ordered.values.end(),
                        [](const std::vector<std::optional<std::string>>& row) { return !row[0]; });
  SECTION("one row per block")
  {
    test::check_same_findings(test::judged_row_by_row(*stream_node_judge(generation, blobs, nullptr), ordered),
                              expected);
  }
  SECTION("a catalog row after judged job rows is a bug in the query, said as such")
  {
    auto late = whole; // jobs first, the catalog rows after them
    const auto judge = stream_node_judge(generation, blobs, nullptr);
    db::Rows first;
    first.columns = late.columns;
    first.values.assign(late.values.begin(), late.values.begin() + 3);
    judge->take(first);
    db::Rows rest;
    rest.columns = late.columns;
    rest.values.assign(late.values.begin() + 3, late.values.end());
    CHECK_THROWS_WITH(judge->take(rest), Catch::Contains("a catalog row came after job rows"));
  }
  CHECK(blobs.scans == 0);
}
