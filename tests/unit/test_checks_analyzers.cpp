#include "checks/analyzers.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace rwdoctor;
using namespace rwdoctor::checks;

namespace {

db::Rows
edges_rows(const std::vector<std::vector<std::optional<std::string>>>& values)
{
  db::Rows rows;
  rows.columns = {"source_fragment_id", "target_fragment_id", "source_job_id", "target_job_id",
                  "source_distribution", "target_distribution", "source_vnode_count", "target_vnode_count",
                  "source_parallelism", "target_parallelism", "source_database_id", "target_database_id"};
  rows.values = values;
  return rows;
}

std::vector<std::optional<std::string>>
edge(int from, int to, int from_job, int to_job, std::string from_db = "1", std::string to_db = "1",
     std::string from_dist = "HASH", std::string to_dist = "HASH")
{
  return {std::to_string(from), std::to_string(to), std::to_string(from_job), std::to_string(to_job), from_dist,
          to_dist, "256", "256", std::nullopt, std::nullopt, from_db, to_db};
}

bool
mentions(const std::vector<RawFinding>& findings, const std::string& text)
{
  for (const auto& finding : findings) {
    if (finding.message.find(text) != std::string::npos) {
      return true;
    }
  }
  return false;
}

class FakeBlobs : public BlobSource
{
public:
  std::map<std::string, std::vector<std::pair<int, std::string>>> columns;
  void
  scan(const std::string& table, const std::string&, const std::string& column,
       const std::function<void(int, std::string_view)>& visit) override
  {
    for (const auto& [key, bytes] : columns[table + "." + column]) {
      visit(key, bytes);
    }
  }
};

} // namespace

TEST_CASE("a healthy no_shuffle chain gives no ensemble finding", "[analyzers][ensemble]")
{
  CHECK(analyze_ensembles(edges_rows({edge(1, 2, 10, 10), edge(2, 3, 10, 11)})).empty());
}

TEST_CASE("an ensemble cycle is reported as data loss", "[analyzers][ensemble]")
{
  const auto findings = analyze_ensembles(edges_rows({edge(1, 2, 10, 10), edge(2, 1, 10, 10)}));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].severity == Severity::critical);
  CHECK(findings[0].consequence == Consequence::data_loss);
  CHECK(findings[0].fragment_id == 1);
  CHECK(mentions(findings, "cycle"));
}

TEST_CASE("a cycle below a root is still a cycle", "[analyzers][ensemble]")
{
  const auto findings = analyze_ensembles(edges_rows({edge(1, 2, 10, 10), edge(2, 3, 10, 10), edge(3, 2, 10, 10)}));
  CHECK(mentions(findings, "cycle"));
}

TEST_CASE("an ensemble across databases panics the meta node", "[analyzers][ensemble]")
{
  const auto findings = analyze_ensembles(edges_rows({edge(1, 2, 10, 20, "1", "6")}));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].consequence == Consequence::panic);
  CHECK(mentions(findings, "spans 2 databases"));
}

TEST_CASE("entry fragments of one ensemble must agree", "[analyzers][ensemble]")
{
  // 1 -> 3 and 2 -> 3: two entries from different jobs with different distributions
  const auto findings =
    analyze_ensembles(edges_rows({edge(1, 3, 10, 30, "1", "1", "HASH", "HASH"), edge(2, 3, 20, 30, "1", "1", "SINGLE")}));
  CHECK(mentions(findings, "different jobs"));
  CHECK(mentions(findings, "different distribution types"));
  for (const auto& finding : findings) {
    CHECK(finding.severity == Severity::error);
  }
}

TEST_CASE("dependency cycles and missing dependencies", "[analyzers][dependency]")
{
  db::Rows rows;
  rows.columns = {"kind", "oid", "used_by", "message"};
  rows.values = {
    {"edge", "10", "11", std::nullopt}, {"edge", "11", "12", std::nullopt}, {"edge", "12", "10", std::nullopt},
    {"edge", "20", "20", std::nullopt}, {"edge", "30", "31", std::nullopt},
    {"missing", "40", "41", std::string("job 41 reads from job 40")},
  };
  const auto findings = analyze_dependencies(rows);
  REQUIRE(findings.size() == 3);
  CHECK(findings[0].job_id == 41);
  CHECK(findings[0].message == "job 41 reads from job 40");
  CHECK(mentions(findings, "cycle through objects [10, 11, 12]"));
  CHECK(mentions(findings, "cycle through objects [20]"));
  CHECK_FALSE(mentions(findings, "[30"));
}

TEST_CASE("a long dependency chain does not overflow the stack", "[analyzers][dependency]")
{
  db::Rows rows;
  rows.columns = {"kind", "oid", "used_by", "message"};
  for (int i = 0; i < 200000; ++i) {
    rows.values.push_back({"edge", std::to_string(i), std::to_string(i + 1), std::nullopt});
  }
  CHECK(analyze_dependencies(rows).empty());
}

TEST_CASE("foreign keys are compared with the generation's expectations", "[analyzers][fk]")
{
  store::SchemaFacts facts;
  facts.tables = {"fragment", "object", "table"};
  facts.columns = {"fragment.job_id", "table.fragment_id", "table.dml_fragment_id", "object.belong_to_oid"};
  store::Generation generation;
  db::Rows rows;
  rows.columns = {"table_name", "column_names", "referenced_table", "delete_action"};
  rows.values = {{"fragment", "job_id", "object", "c"}, {"table", "fragment_id", "fragment", "a"}};
  const auto findings = analyze_foreign_keys(rows, generation, facts);
  CHECK(mentions(findings, "\"table\".fragment_id -> fragment ON DELETE CASCADE exists only as ON DELETE NO ACTION"));
  CHECK(mentions(findings, "\"table\".dml_fragment_id -> fragment ON DELETE NO ACTION is missing"));
  CHECK_FALSE(mentions(findings, "fragment.job_id"));
  // belong_to_oid is only expected once its migration is applied
  CHECK_FALSE(mentions(findings, "belong_to_oid"));
  generation.applied.insert(std::string(store::migration::object_belong_to_oid));
  CHECK(mentions(analyze_foreign_keys(rows, generation, facts), "object.belong_to_oid -> object"));
}

TEST_CASE("protobuf wire format validation", "[analyzers][blob]")
{
  CHECK(is_wellformed_protobuf(""));
  CHECK(is_wellformed_protobuf(std::string("\x0a\x03" "abc\x10\x01", 7)));
  CHECK(is_wellformed_protobuf(std::string("\x08\x96\x01", 3)));
  CHECK_FALSE(is_wellformed_protobuf(std::string("\x0a\x05" "abc", 5)));   // length past the end
  CHECK_FALSE(is_wellformed_protobuf(std::string("\x08\x96", 2)));         // truncated varint
  CHECK_FALSE(is_wellformed_protobuf(std::string("\x0f\x00", 2)));         // wire type 7
  CHECK_FALSE(is_wellformed_protobuf(std::string("\x00\x01", 2)));         // field number 0
}

TEST_CASE("blob analyzer scans only columns the store has", "[analyzers][blob]")
{
  store::SchemaFacts facts;
  facts.columns = {"fragment.stream_node", "table.columns"};
  FakeBlobs blobs;
  blobs.columns["fragment.stream_node"] = {{1, std::string("\x0a\x01x", 3)}, {2, std::string("\x0a\x09x", 3)}};
  blobs.columns["table.columns"] = {{7, std::string("\xff\xff", 2)}};
  blobs.columns["sink.columns"] = {{9, std::string("\xff", 1)}}; // not in facts: never read
  const auto findings = analyze_blobs(facts, blobs);
  REQUIRE(findings.size() == 2);
  CHECK(findings[0].fragment_id == 2);
  CHECK(findings[0].message == "stream_node of fragment 2 is not well-formed protobuf (3 bytes)");
  CHECK(findings[1].object_id == 7);
}
