#include "checks/analyzers.hpp"
#include "core/error.hpp"
#include "row_by_row.hpp"
#include "store/expected_columns.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
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

TEST_CASE("ensembles of fragments whose attribute texts all differ are judged", "[analyzers][ensemble][bad-input]")
{
  // 70,000 fragments, each with a parallelism text of its own (a hand-edited store): more
  // distinct texts than a 16-bit number holds; the one ensemble with two entries is reported
  // with their texts.
  std::vector<std::vector<std::optional<std::string>>> values;
  for (int pair = 0; pair < 35000; ++pair) {
    auto row = edge(2 * pair + 1, 2 * pair + 2, 10, 10);
    row[8] = fmt::format("{{\"Fixed\": {}}}", 2 * pair + 1);
    row[9] = fmt::format("{{\"Fixed\": {}}}", 2 * pair + 2);
    values.push_back(std::move(row));
  }
  auto second_entry = edge(100001, 2, 10, 10);
  second_entry[8] = "\"Adaptive\"";
  second_entry[9] = "{\"Fixed\": 2}";
  values.push_back(second_entry);
  const auto findings = analyze_ensembles(edges_rows(values));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].message == "entry fragments of no_shuffle ensemble [1, 2, 100001] have different parallelism "
                               "settings (1={\"Fixed\": 1}, 100001=\"Adaptive\")");
}

TEST_CASE("ensembles fed a row at a time are judged as when fed whole", "[analyzers][ensemble]")
{
  const auto whole = edges_rows({edge(1, 3, 10, 30, "1", "1", "HASH", "HASH"), edge(5, 6, 50, 60, "1", "6"),
                                 edge(7, 8, 70, 70), edge(2, 3, 20, 30, "1", "1", "SINGLE"), edge(8, 7, 70, 70)});
  const auto expected = analyze_ensembles(whole);
  REQUIRE(expected.size() == 4); // entries of two jobs and two distributions, databases, a cycle
  test::check_same_findings(test::judged_row_by_row(*ensemble_judge(), whole), expected);
}

TEST_CASE("many ensembles in shuffled rows: each judged whole, whatever the blocks", "[analyzers][ensemble]")
{
  // 3000 healthy chains a -> b -> c (12,000 fragment sides, more than the judge keeps before
  // it compacts them), one with a cycle back from c to b, one whose second entry is of
  // another job, one that spans two databases; the rows in a scrambled order.
  std::vector<std::vector<std::optional<std::string>>> values;
  for (int chain = 0; chain < 3000; ++chain) {
    const int a = 100000 + 3 * chain;
    const int job = 1000 + chain;
    values.push_back(edge(a, a + 1, job, job));
    values.push_back(edge(a + 1, a + 2, job, job, "1", chain == 2000 ? "7" : "1"));
  }
  values.push_back(edge(100000 + 3 * 10 + 2, 100000 + 3 * 10 + 1, 1010, 1010));
  values.push_back(edge(99999, 100000 + 3 * 20 + 1, 77, 1020));
  for (std::size_t i = 0; i < values.size(); ++i) {
    std::swap(values[i], values[(i * 7919) % values.size()]);
  }
  const auto whole = edges_rows(values);
  const auto expected = analyze_ensembles(whole);
  REQUIRE(expected.size() == 3);
  CHECK(mentions(expected, "no_shuffle ensemble of fragments [100030, 100031, 100032] contains a cycle"));
  CHECK(mentions(expected, "entry fragments of no_shuffle ensemble [99999, 100060, 100061, 100062] have different "
                           "jobs (99999=77, 100060=1020)"));
  CHECK(mentions(expected, "no_shuffle ensemble of fragments [106000, 106001, 106002] spans 2 databases"));
  CHECK(expected[0].fragment_id == 99999); // in the order of the ensembles' smallest fragment ids
  CHECK(expected[1].fragment_id == 100030);
  CHECK(expected[2].fragment_id == 106000);
  test::check_same_findings(test::judged_row_by_row(*ensemble_judge(), whole), expected);
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

  SECTION("fed a row at a time, as the check runner does, the findings are the same")
  {
    test::check_same_findings(test::judged_row_by_row(*dependency_judge(), rows), findings);
  }
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
  return util::encode_bytea_hex(value);
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

  SECTION("fed a row at a time, a fragment's rows in two blocks are still one fragment")
  {
    const auto rows = split_rows({
      {"14", "1", "1", connector_splits({{"kafka", kafka(0)}})},
      {"14", "1", "2", connector_splits({{"kafka", kafka(0, "99")}, {"kafka", kafka(1)}})},
      {"14", "1", "3", connector_splits({{"kafka", kafka(1)}})},
      {"14", "2", "5", connector_splits({{"kafka", kafka(0)}})},
      {"14", "2", "6", std::nullopt},
    });
    const auto found = test::judged_row_by_row(*split_judge(), rows);
    REQUIRE(found.size() == 1);
    CHECK(found[0].message == findings[0].message);
  }
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

TEST_CASE("a fragment_splits list is repaired to one entry per split id, the last of each", "[analyzers][splits]")
{
  const auto bytes_of = [](const std::string& hex) {
    std::string bytes;
    REQUIRE(util::decode_bytea_hex(hex, bytes));
    return bytes;
  };
  // The trial's shape: p0, p1, p0 again. RisingWave's render keeps the last p0.
  const auto list = bytes_of(connector_splits({{"kafka", kafka(0, "10")}, {"kafka", kafka(1)}, {"kafka", kafka(0, "99")}}));
  const auto repaired = deduplicated_connector_splits(list);
  REQUIRE(repaired);
  CHECK(*repaired == bytes_of(connector_splits({{"kafka", kafka(1)}, {"kafka", kafka(0, "99")}})));
  CHECK_FALSE(deduplicated_connector_splits(*repaired)); // nothing repeats any more

  // An entry whose id rwdoctor cannot tell stays in its place, byte for byte; the same id of
  // another connector is another split.
  const auto mixed = bytes_of(connector_splits(
    {{"kafka", kafka(2)}, {"webhook", "\x01{}"}, {"pulsar", "\x01{\"topic\":\"2\"}"}, {"kafka", kafka(2, "5")}}));
  CHECK(deduplicated_connector_splits(mixed)
        == bytes_of(connector_splits({{"webhook", "\x01{}"}, {"pulsar", "\x01{\"topic\":\"2\"}"}, {"kafka", kafka(2, "5")}})));

  // Nothing to repair: no repeat, an unknown connector repeated, not protobuf, empty.
  CHECK_FALSE(deduplicated_connector_splits(bytes_of(connector_splits({{"kafka", kafka(0)}, {"kafka", kafka(1)}}))));
  CHECK_FALSE(deduplicated_connector_splits(bytes_of(connector_splits({{"webhook", "\x01{}"}, {"webhook", "\x01{}"}}))));
  CHECK_FALSE(deduplicated_connector_splits("\x0a\x05zz"));
  CHECK_FALSE(deduplicated_connector_splits(""));

  // The finding of such a row carries the UPDATE that writes the repaired list.
  const auto findings = analyze_split_duplicates(split_rows({{"14", "101", std::nullopt, util::encode_bytea_hex(list)}}));
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].statement
        == "UPDATE fragment_splits SET splits = '" + util::encode_bytea_hex(*repaired) + "' WHERE fragment_id = 101;");
  // Per actor (up to v2.6) the first entry of a split is kept (actor_splits_without_repeats).
  CHECK(analyze_split_duplicates(split_rows({{"14", "1", "4", util::encode_bytea_hex(list)}}))[0].statement
        == "UPDATE actor SET splits = '" + connector_splits({{"kafka", kafka(0, "10")}, {"kafka", kafka(1)}})
             + "' WHERE actor_id = 4;");
}

TEST_CASE("up to v2.6 a split is left to the first actor that holds it, out of the later actors' lists",
          "[analyzers][splits]")
{
  const auto bytes_of = [](const std::string& hex) {
    std::string bytes;
    REQUIRE(util::decode_bytea_hex(hex, bytes));
    return bytes;
  };
  // The injection's shape: actor 2 got a copy of actor 1's list (p0) in place of its own (p1);
  // actor 3 holds p0 as well as its p2 and an entry whose id rwdoctor cannot tell.
  const std::vector<std::pair<int, std::string>> actors = {
    {1, bytes_of(connector_splits({{"kafka", kafka(0)}}))},
    {2, bytes_of(connector_splits({{"kafka", kafka(0)}}))},
    {3, bytes_of(connector_splits({{"webhook", "\x01{}"}, {"kafka", kafka(0, "7")}, {"kafka", kafka(2)}}))},
    {4, "\x0a\x05zz"}, // not protobuf: left alone
    {5, bytes_of(connector_splits({{"kafka", kafka(3)}}))},
  };
  const auto repaired = actor_splits_without_repeats(actors);
  REQUIRE(repaired.size() == 2);
  CHECK(repaired.at(2).empty()); // an empty list: the source manager assigns p1 after the start
  CHECK(repaired.at(3) == bytes_of(connector_splits({{"webhook", "\x01{}"}, {"kafka", kafka(2)}})));
  // Nothing repeats any more, so nothing more to repair.
  auto after = actors;
  for (auto& [actor, bytes] : after) {
    if (repaired.count(actor) != 0) {
      bytes = repaired.at(actor);
    }
  }
  CHECK(actor_splits_without_repeats(after).empty());

  // The finding carries the UPDATEs of the actors whose lists change, in actor order.
  db::Rows rows = split_rows({});
  for (const auto& [actor, bytes] : actors) {
    rows.values.push_back({"14", "1", std::to_string(actor), util::encode_bytea_hex(bytes)});
  }
  const auto findings = analyze_split_duplicates(rows);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].statement
        == "UPDATE actor SET splits = '\\x' WHERE actor_id = 2; UPDATE actor SET splits = '"
             + util::encode_bytea_hex(repaired.at(3)) + "' WHERE actor_id = 3;");
  const auto found = test::judged_row_by_row(*split_judge(), rows);
  REQUIRE(found.size() == 1);
  CHECK(found[0].statement == findings[0].statement);
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

namespace {

// The catalog rows of a store whose columns are exactly what `generation` expects.
db::Rows
drift_rows(const store::Generation& generation)
{
  db::Rows rows;
  rows.columns = {"kind", "table_name", "name", "type", "not_null", "has_default"};
  for (const auto& column : store::expected_columns(generation)) {
    rows.values.push_back({std::string("column"), std::string(column.table), std::string(column.column),
                           std::string(column.type), std::string(column.not_null ? "t" : "f"), std::string("f")});
  }
  return rows;
}

std::optional<std::string>*
drift_cell(db::Rows& rows, const std::string& table, const std::string& column, int index)
{
  for (auto& row : rows.values) {
    if (row[1] == table && row[2] == column) {
      return &row[static_cast<std::size_t>(index)];
    }
  }
  FAIL("no column " << table << "." << column);
  return nullptr;
}

store::Generation
head_generation()
{
  return store::detect_generation(
    std::vector<std::string>(store::known_migrations().begin(), store::known_migrations().end()));
}

} // namespace

TEST_CASE("a store with exactly the expected columns has no schema drift", "[analyzers][drift]")
{
  const auto head = head_generation();
  CHECK(analyze_schema_drift(drift_rows(head), head).empty());
  // function.body is character varying in a store an older release initialised
  auto rows = drift_rows(head);
  *drift_cell(rows, "function", "body", 3) = "character varying";
  // types the driver decodes alike
  *drift_cell(rows, "object", "initialized_at_cluster_version", 3) = "text";
  *drift_cell(rows, "fragment", "state_table_ids", 3) = "json";
  // extra columns that do not block inserts, expected unique indexes, tables of others
  rows.values.push_back({"column", "fragment", "note", "text", "f", "f"});
  rows.values.push_back({"column", "object", "imported", "boolean", "t", "t"});
  rows.values.push_back({"unique", "worker", "idx_worker_host_port", "host,port", std::nullopt, std::nullopt});
  rows.values.push_back({"column", "dba_notes", "note", "text", "t", "f"});
  rows.values.push_back({"trigger", "dba_notes", "touch", std::nullopt, std::nullopt, std::nullopt});
  CHECK(analyze_schema_drift(rows, head).empty());
}

TEST_CASE("missing, retyped and renulled columns are schema drift with their severity", "[analyzers][drift]")
{
  const auto head = head_generation();
  auto rows = drift_rows(head);
  *drift_cell(rows, "user", "is_super", 3) = "integer";
  *drift_cell(rows, "user", "can_login", 4) = "f";
  *drift_cell(rows, "user", "auth_info", 4) = "t";
  rows.values.erase(std::find_if(rows.values.begin(), rows.values.end(),
                                 [](const auto& row) { return row[1] == "fragment" && row[2] == "vnode_count"; }));
  rows.values.push_back({"column", "object", "audit_tag", "text", "t", "f"});
  *drift_cell(rows, "object", "initialized_at_cluster_version", 3) = "character varying(8)";
  rows.values.push_back({"check", "streaming_job", "positive", "CHECK ((max_parallelism > 0))", std::nullopt,
                         std::nullopt});
  rows.values.push_back({"unique", "table", "table_name_unique", "name", std::nullopt, std::nullopt});
  rows.values.push_back({"trigger", "object", "object_touch", std::nullopt, std::nullopt, std::nullopt});
  const auto findings = analyze_schema_drift(rows, head);
  for (const auto& finding : findings) {
    REQUIRE(finding.severity);
    CHECK_FALSE(finding.job_id);
    CHECK_FALSE(finding.object_id);
  }
  CHECK(findings.size() == 9);
  CHECK(mentions(findings, "column object.initialized_at_cluster_version is character varying(8) where the "
                           "migrations make it character varying: RisingWave's writes of longer values fail"));
  CHECK(mentions(findings, "column \"user\".is_super is integer where the migrations make it boolean"));
  CHECK(mentions(findings, "column fragment.vnode_count (integer NOT NULL) is missing"));
  CHECK(mentions(findings, "column \"user\".can_login is nullable"));
  CHECK(mentions(findings, "column \"user\".auth_info is NOT NULL"));
  CHECK(mentions(findings, "column object.audit_tag (text NOT NULL, no default)"));
  CHECK(mentions(findings, "streaming_job has a check constraint positive"));
  CHECK(mentions(findings, "\"table\" has a unique index table_name_unique on (name)"));
  CHECK(mentions(findings, "object has a trigger object_touch"));
  for (const auto& finding : findings) {
    INFO(finding.message);
    const bool critical = mentions({finding}, "is missing") || mentions({finding}, "is integer");
    const bool warning = mentions({finding}, "is nullable");
    CHECK(*finding.severity == (critical ? Severity::critical : warning ? Severity::warning : Severity::error));
  }
}

TEST_CASE("schema drift with migrations this build does not know judges only what it knows", "[analyzers][drift]")
{
  auto applied = std::vector<std::string>(store::known_migrations().begin(), store::known_migrations().end());
  applied.push_back("m20990101_000000_from_the_future");
  const auto newer = store::detect_generation(applied);
  auto rows = drift_rows(newer);
  rows.values.push_back({"column", "object", "future_column", "text", "t", "f"});
  CHECK(analyze_schema_drift(rows, newer).empty());
  // a missing table: its columns are not listed one by one (the checks that read it fail)
  auto without_secret = drift_rows(newer);
  without_secret.values.erase(std::remove_if(without_secret.values.begin(), without_secret.values.end(),
                                             [](const auto& row) { return row[1] == "secret"; }),
                              without_secret.values.end());
  CHECK(analyze_schema_drift(without_secret, newer).empty());
  CHECK_THROWS_AS(analyze_schema_drift(split_rows({}), newer), OperationalError);
}
