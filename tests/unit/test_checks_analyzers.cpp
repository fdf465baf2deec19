#include "checks/analyzers.hpp"
#include "core/error.hpp"
#include "util/text.hpp"

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

namespace {

// A ConnectorSplits value as bytea text: entries of (connector, encoded_split).
std::string
connector_splits(const std::vector<std::pair<std::string, std::string>>& entries)
{
  const auto length_delimited = [](int field, const std::string& bytes) {
    std::string out(1, static_cast<char>(field << 3 | 2));
    std::size_t size = bytes.size();
    do {
      out += static_cast<char>((size & 0x7f) | (size > 0x7f ? 0x80 : 0));
      size >>= 7;
    } while (size != 0);
    return out + bytes;
  };
  std::string value;
  for (const auto& [connector, encoded] : entries) {
    value += length_delimited(1, length_delimited(1, connector) + length_delimited(2, encoded));
  }
  static const char* digits = "0123456789abcdef";
  std::string text = "\\x";
  for (const unsigned char byte : value) {
    text += digits[byte >> 4];
    text += digits[byte & 15];
  }
  return text;
}

std::string
kafka(int partition, const std::string& offset = "null")
{
  return "\x01{\"topic\":\"orders\",\"partition\":" + std::to_string(partition) + ",\"start_offset\":" + offset + "}";
}

db::Rows
split_rows(const std::vector<std::vector<std::optional<std::string>>>& values)
{
  db::Rows rows;
  rows.columns = {"job_id", "fragment_id", "actor_id", "splits"};
  rows.values = values;
  return rows;
}

} // namespace

TEST_CASE("split ids follow each connector's SplitMetaData::id", "[analyzers][splits]")
{
  std::string bytes;
  REQUIRE(util::decode_bytea_hex(
    connector_splits({{"KAFKA", kafka(3, "17")},
                      {"kinesis", "\x01{\"shard_id\":\"shard-0001\",\"start_position\":\"Earliest\"}"},
                      {"datagen", "\x01{\"split_num\":4,\"split_index\":2,\"start_offset\":null}"},
                      {"mysql-cdc", "\x01{\"mysql_split\":{\"inner\":{\"split_id\":1001,\"start_offset\":null}},\"pg_split\":null}"},
                      {"webhook", "\x01{\"id\":1}"},
                      {"kafka", "{\"partition\":1}"},
                      {"kafka", "\x01not json"},
                      {"kafka", "\x01{\"topic\":\"orders\"}"}}),
    bytes));
  const auto splits = decode_connector_splits(bytes);
  REQUIRE(splits.size() == 8);
  CHECK(splits[0].connector == "kafka");
  CHECK(splits[0].id == std::optional<std::string>("3"));
  CHECK(splits[1].id == std::optional<std::string>("shard-0001"));
  CHECK(splits[2].id == std::optional<std::string>("4-2"));
  CHECK(splits[3].id == std::optional<std::string>("1001"));
  CHECK_FALSE(splits[4].id); // a connector whose id rwdoctor does not know
  CHECK_FALSE(splits[5].id); // no version byte
  CHECK_FALSE(splits[6].id); // not JSON
  CHECK_FALSE(splits[7].id); // no partition
  CHECK(decode_connector_splits("\x0a\x05zz").empty());
}

TEST_CASE("a split held by two actors of a fragment is one finding per fragment", "[analyzers][splits]")
{
  const auto findings = analyze_split_duplicates(split_rows({
    {"14", "1", "1", connector_splits({{"kafka", kafka(0)}})},
    {"14", "1", "2", connector_splits({{"kafka", kafka(0, "99")}, {"kafka", kafka(1)}})},
    {"14", "1", "3", connector_splits({{"kafka", kafka(1)}})},
    {"14", "2", "5", connector_splits({{"kafka", kafka(0)}})}, // another fragment: not a duplicate
    {"14", "2", "6", std::nullopt},
  }));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].fragment_id == 1);
  CHECK(findings[0].job_id == 14);
  CHECK(mentions(findings, "split 0 (kafka) in actors 1, 2"));
  CHECK(mentions(findings, "split 1 (kafka) in actors 2, 3"));
}

TEST_CASE("a split listed twice by one actor or one fragment_splits row is found", "[analyzers][splits]")
{
  const auto twice = connector_splits({{"kafka", kafka(2)}, {"kafka", kafka(2, "5")}});
  const auto per_actor = analyze_split_duplicates(split_rows({{"14", "1", "4", twice}}));
  REQUIRE(per_actor.size() == 1);
  CHECK(mentions(per_actor, "split 2 (kafka) 2 times in actor 4"));
  const auto per_fragment = analyze_split_duplicates(split_rows({{"14", "1", std::nullopt, twice}}));
  REQUIRE(per_fragment.size() == 1);
  CHECK(mentions(per_fragment, "fragment_splits of source fragment 1 of job 14: split 2 (kafka) 2 times"));
}

TEST_CASE("splits that do not decode or differ are not duplicates", "[analyzers][splits]")
{
  CHECK(analyze_split_duplicates(split_rows({
          {"14", "1", "1", connector_splits({{"kafka", kafka(0)}, {"kafka", kafka(1)}})},
          {"14", "1", "2", "\\x0a0a0102"},                           // not protobuf
          {"14", "1", "3", "not hex"},                               // not bytea text
          {"14", "1", "4", connector_splits({{"webhook", "\x01{}"}, {"webhook", "\x01{}"}})}, // unknown id
        }))
          .empty());
  CHECK(analyze_split_duplicates(split_rows({})).empty());
  CHECK_THROWS_AS(analyze_split_duplicates(edges_rows({})), OperationalError);
}
