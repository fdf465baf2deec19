// The Hummock state grades: decoding RisingWave's version deltas, time-travel versions and
// stats jsonb, rebuilding the registrations, and each grade with its evidence and wording.
#include "hummock/hummock_decode.hpp"
#include "hummock/incident_state.hpp"
#include "hummock/state_grades.hpp"
#include "hummock/state_json.hpp"
#include "hummock_wire.hpp"

#include <catch2/catch.hpp>

#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace rwdoctor;
using namespace rwdoctor::hummock;
namespace hw = rwdoctor::test::hummock_wire;

namespace {

constexpr std::uint64_t k_minute_0258_ms = 1796093880000ULL; // 2026-12-01 02:58:00 UTC

std::uint64_t
at_second(int second)
{
  return hw::epoch_at_unix_ms(k_minute_0258_ms + static_cast<std::uint64_t>(second) * 1000U);
}

TableOwner
created(std::uint32_t table, int database = 1)
{
  TableOwner owner;
  owner.table_id = table;
  owner.job_id = static_cast<int>(table);
  owner.database_id = database;
  owner.job_created = true;
  owner.table_object = true;
  return owner;
}

// Snapshot 100 with tables 10, 11 (database 1) and 20 (database 2) at second 0, then deltas
// 101 (database 1 at second 1) and 102 (database 2 at second 2).
HummockEvidence
healthy_evidence()
{
  HummockEvidence evidence;
  evidence.snapshot = *decode_version(hw::version(100, {{10, {at_second(0), 3}}, {11, {at_second(0), 2}}, {20, {at_second(0), 3}}}));
  evidence.deltas.push_back(*decode_version_delta(hw::delta(101, {}, {{10, {at_second(1), 3}}, {11, {at_second(1), 2}}})));
  evidence.deltas.push_back(*decode_version_delta(hw::delta(102, {}, {{20, {at_second(2), 3}}})));
  evidence.stats = {{10, {1000, 2048}}, {11, {5, 100}}};
  return evidence;
}

TableState
grade(const HummockEvidence& evidence, const TableOwner& owner, const std::vector<TableOwner>& all = {})
{
  const auto rebuilt = reconstruct(evidence);
  auto owners = all;
  if (owners.empty()) {
    owners = {created(10), created(11), created(20, 2)};
  }
  return grade_table(owner, evidence, rebuilt, database_frontiers(rebuilt, owners));
}

} // namespace

TEST_CASE("version deltas and time-travel versions decode with RisingWave's field numbers", "[hummock]")
{
  const auto delta = decode_version_delta(hw::delta(8813, {16, 17, 18}, {{19, {at_second(13), 3}}}));
  REQUIRE(delta);
  CHECK(delta->id == 8813);
  CHECK(delta->prev_id == 8812);
  CHECK(delta->removed_table_ids == std::vector<std::uint32_t>{16, 17, 18});
  REQUIRE(delta->table_infos.size() == 1);
  CHECK(delta->table_infos[0].first == 19);
  CHECK(delta->table_infos[0].second.committed_epoch == at_second(13));
  CHECK(delta->table_infos[0].second.compaction_group_id == 3);

  // Unpacked repeated ids are read too (proto3 parsers accept both forms).
  const auto unpacked = decode_version_delta(test::wire::varint_field(1, 5) + test::wire::varint_field(9, 42)
                                             + test::wire::varint_field(9, 43));
  REQUIRE(unpacked);
  CHECK(unpacked->removed_table_ids == std::vector<std::uint32_t>{42, 43});

  const auto version = decode_version(hw::version(8800, {{15, {at_second(0), 2}}, {16, {at_second(0), 3}}}));
  REQUIRE(version);
  CHECK(version->id == 8800);
  CHECK(version->tables.size() == 2);
  CHECK(version->tables.at(16).committed_epoch == at_second(0));
}

TEST_CASE("bytes that are not a version delta or version decode to nothing, never throw", "[hummock]")
{
  CHECK_FALSE(decode_version_delta(std::string("\xff\xff\xff", 3)));
  CHECK_FALSE(decode_version(std::string("\x0a\x05\x01", 3))); // a length beyond the end
  CHECK_FALSE(decode_version_delta(std::string("\x4a\x02\x80", 3))); // a packed varint cut short
  // Empty bytes are a valid empty message: version 0 with nothing registered.
  const auto empty = decode_version(std::string());
  REQUIRE(empty);
  CHECK(empty->tables.empty());
}

// The live read takes the map one entry at a time (key and value text, as jsonb_each gives
// them): each entry comes out as parse_version_stats gives it from the whole map.
TEST_CASE("a hummock_version_stats entry read alone is read as in the whole map", "[hummock]")
{
  const std::vector<std::pair<std::string, std::string>> entries = {
    {"16", R"({"totalKeyCount": "9812345", "totalKeySize": "235496280", "totalValueSize": "1589599890"})"},
    {"17", "{}"},
    {"18", "5"},
    {"19", R"({"totalKeyCount": "many", "total_key_count": 3})"},
    {"x", R"({"totalKeyCount": "1"})"},
    {"-4", R"({"totalKeyCount": "1"})"},
    {"2147483648", R"({"totalKeyCount": "1"})"},
    {"20", R"({"total_key_count": 12, "total_key_size": 100, "total_value_size": 28})"},
    {"21", R"({"totalKeyCount": "9223372036854775807", "totalKeySize": "9223372036854775807", "totalValueSize": "5"})"},
    {"22", "not json"},
  };
  std::string whole = "{";
  for (const auto& [key, value] : entries) {
    if (value == "not json") {
      continue; // the map as a whole would not parse
    }
    whole += (whole.size() > 1 ? ", \"" : "\"") + key + "\": " + value;
  }
  whole += "}";
  const auto map = parse_version_stats(whole);
  REQUIRE(map);
  std::map<std::uint32_t, TableStats> alone;
  for (const auto& [key, value] : entries) {
    if (const auto entry = parse_version_stats_entry(key, value)) {
      alone.insert(*entry);
    }
  }
  REQUIRE(alone.size() == map->size());
  for (const auto& [table, stats] : *map) {
    INFO(table);
    REQUIRE(alone.count(table) == 1);
    CHECK(alone.at(table).keys == stats.keys);
    CHECK(alone.at(table).bytes == stats.bytes);
  }
  CHECK(alone.at(19).keys == 3);
  CHECK(alone.count(18) == 0);
  CHECK_FALSE(parse_version_stats_entry("22", "not json"));
}

TEST_CASE("hummock_version_stats is read as RisingWave writes it, and in snake_case with numbers", "[hummock]")
{
  const auto camel = parse_version_stats(
    R"({"16": {"totalKeyCount": "9812345", "totalKeySize": "235496280", "totalValueSize": "1589599890"}, "17": {}})");
  REQUIRE(camel);
  CHECK(camel->at(16).keys == 9812345);
  CHECK(camel->at(16).bytes == 235496280LL + 1589599890LL);
  CHECK(camel->at(17).keys == 0); // zero fields are left out by pbjson
  CHECK(camel->at(17).bytes == 0);

  const auto snake = parse_version_stats(R"({"16": {"total_key_count": 12, "total_key_size": 100, "total_value_size": 28}})");
  REQUIRE(snake);
  CHECK(snake->at(16).keys == 12);
  CHECK(snake->at(16).bytes == 128);

  // Keys that are not table ids, entries that are not objects and values that are not numbers are skipped.
  const auto odd = parse_version_stats(R"({"x": {"totalKeyCount": "1"}, "18": 5, "19": {"totalKeyCount": "many"}})");
  REQUIRE(odd);
  CHECK(odd->count(18) == 0);
  CHECK(odd->at(19).keys == 0);
  CHECK(odd->size() == 1);

  // Numbers at the int64 limit add up to the limit, not past it.
  const auto huge = parse_version_stats(
    R"({"20": {"totalKeyCount": "9223372036854775807", "totalKeySize": "9223372036854775807", "totalValueSize": "5"}})");
  REQUIRE(huge);
  CHECK(huge->at(20).bytes == std::numeric_limits<std::int64_t>::max());
  CHECK(saturating_add(std::numeric_limits<std::int64_t>::min(), -1) == std::numeric_limits<std::int64_t>::min());
  CHECK(parse_version_stats(R"({"21": {"totalKeyCount": "99999999999999999999"}})")->at(21).keys == 0); // out of range

  CHECK_FALSE(parse_version_stats("[]"));
  CHECK_FALSE(parse_version_stats("not json"));
}

TEST_CASE("epochs are shown as UTC times", "[hummock]")
{
  CHECK(epoch_time(at_second(12)) == "2026-12-01 02:58:12 UTC");
  CHECK(epoch_time(0) == "2021-04-01 00:00:00 UTC");
  CHECK(human_count(999) == "999");
  CHECK(human_count(12320994) == "12.3 M");
  CHECK(human_bytes(1023) == "1023 B");
  CHECK(human_bytes(1990737660) == "1.9 GiB");
}

TEST_CASE("a table at its database's newest epoch is present", "[hummock]")
{
  const auto evidence = healthy_evidence();
  const auto ten = grade(evidence, created(10));
  CHECK(ten.grade == Grade::present);
  CHECK(ten.keys == 1000);
  CHECK(ten.bytes == 2048);
  CHECK(ten.evidence == "registered, committed 2026-12-01 02:58:01 UTC (version 101)");
  // Database 2's newest epoch is its own: a table of it is not behind database 1's commit.
  CHECK(grade(evidence, created(20, 2)).grade == Grade::present);
  CHECK_FALSE(grade(evidence, created(20, 2)).keys);
}

TEST_CASE("a CREATED job's table behind the rest of its database is lagging", "[hummock]")
{
  auto evidence = healthy_evidence();
  evidence.deltas.push_back(*decode_version_delta(hw::delta(103, {}, {{11, {at_second(3), 2}}})));
  const auto ten = grade(evidence, created(10));
  CHECK(ten.grade == Grade::lagging);
  CHECK(ten.evidence == "registered at 2026-12-01 02:58:01 UTC (version 101), 2 s behind database 1 (2026-12-01 02:58:03 UTC)");
  // A creating job may lag on purpose (snapshot backfill): not lagging, and not the frontier.
  auto creating = created(10);
  creating.job_created = false;
  CHECK(grade(evidence, creating).grade == Grade::present);
  // A batch-refresh MV (refresh_interval_sec, HEAD) sits behind its database between
  // refreshes by design: present, so its restore is not refused (fidelity audit D2)...
  auto batch = created(10);
  batch.batch_refresh = true;
  CHECK(grade(evidence, batch).grade == Grade::present);
  // ...and its own newer commit does not make the rest of its database lag.
  auto batch_ahead = created(11);
  batch_ahead.batch_refresh = true;
  CHECK(grade(evidence, created(10), {created(10), batch_ahead, created(20, 2)}).grade == Grade::present);
}

TEST_CASE("a table a surviving delta removed is removed, before or after the snapshot", "[hummock]")
{
  auto evidence = healthy_evidence();
  evidence.deltas.push_back(*decode_version_delta(hw::delta(103, {10})));
  const auto ten = grade(evidence, created(10));
  CHECK(ten.grade == Grade::removed);
  CHECK(ten.evidence == "removed from Hummock by version delta 103");
  CHECK(ten.keys == 1000); // the stats keep it until the next commit

  // A removal older than the snapshot is still exact: table ids are never reused.
  auto older = healthy_evidence();
  older.time_travel.push_back(*decode_version_delta(hw::delta(90, {7})));
  CHECK(grade(older, created(7)).grade == Grade::removed);
}

TEST_CASE("a CREATED job's table missing from a snapshot that has a later table is absent", "[hummock]")
{
  const auto evidence = healthy_evidence();
  const auto nine = grade(evidence, created(9));
  CHECK(nine.grade == Grade::absent);
  CHECK(nine.evidence == "not registered in time-travel snapshot 100 nor in any later delta up to version 102, while "
                         "table 10, created after it, is");
  // Newer than every registered table, or of a job that is not CREATED: nothing tells.
  CHECK(grade(evidence, created(30)).grade == Grade::unknown);
  auto creating = created(9);
  creating.job_created = false;
  CHECK(grade(evidence, creating).grade == Grade::unknown);
  // A later delta that registers it makes it present.
  auto registered = evidence;
  registered.time_travel.push_back(*decode_version_delta(hw::delta(103, {}, {{9, {at_second(3), 2}}})));
  CHECK(grade(registered, created(9)).grade == Grade::present);
  // Versions without a surviving delta (vacuumed, or never copied to time travel) may hold
  // its registration: unknown, never absent (fidelity audit D5).
  auto gapped = evidence;
  gapped.deltas.push_back(*decode_version_delta(hw::delta(106, {}, {{10, {at_second(6), 3}}})));
  const auto unsure = grade(gapped, created(9));
  CHECK(unsure.grade == Grade::unknown);
  CHECK(unsure.evidence == "not registered in time-travel snapshot 100 nor in a surviving later delta, but versions "
                           "103-105 have no surviving delta, where its registration may be");
  auto one_gap = evidence;
  one_gap.deltas.push_back(*decode_version_delta(hw::delta(104, {}, {{10, {at_second(4), 3}}})));
  CHECK(grade(one_gap, created(9)).evidence.find("version 103 has no surviving delta") != std::string::npos);
}

TEST_CASE("without a snapshot a table is present only by its stats, else unknown", "[hummock]")
{
  HummockEvidence none;
  const auto nothing = grade(none, created(10));
  CHECK(nothing.grade == Grade::unknown);
  CHECK(nothing.evidence == "the meta store holds no Hummock rows (time travel off, or a store that keeps none)");

  HummockEvidence stats_only;
  stats_only.stats = {{10, {3, 30}}};
  CHECK(grade(stats_only, created(10)).grade == Grade::present);
  CHECK(grade(stats_only, created(11)).grade == Grade::unknown);

  HummockEvidence unreadable;
  unreadable.readable = false;
  CHECK(grade(unreadable, created(10)).evidence == "the meta store's Hummock tables could not be read");
}

TEST_CASE("a summary takes its worst table's grade and sums the stats it has", "[hummock]")
{
  std::vector<TableState> tables(3);
  tables[0] = {18, Grade::present, 10, 100, "a"};
  tables[1] = {16, Grade::unknown, std::nullopt, std::nullopt, "b"};
  tables[2] = {17, Grade::lagging, 5, 50, "c"};
  const auto summary = summarize(tables, 8812);
  CHECK(summary.grade == Grade::lagging);
  CHECK(summary.keys == 15);
  CHECK(summary.bytes == 150);
  CHECK(summary.tables.front().table_id == 16);

  const auto no_stats = summarize({{16, Grade::present, std::nullopt, std::nullopt, "x"}}, 1);
  CHECK_FALSE(no_stats.keys);
  const auto json = state_json(no_stats);
  CHECK(json["keys"].is_null());
  CHECK(json["bytes"].is_null());
  CHECK(json["grade"] == "present");
  CHECK(json["tables"][0]["evidence"] == "x");

  const auto empty = summarize({}, 0);
  CHECK(empty.grade == Grade::unknown);
  CHECK(state_line(empty).empty());
  CHECK(drop_note(16, empty).empty());

  std::vector<TableState> order = {{1, Grade::present, {}, {}, ""}, {2, Grade::unknown, {}, {}, ""},
                                   {3, Grade::lagging, {}, {}, ""}, {4, Grade::absent, {}, {}, ""},
                                   {5, Grade::removed, {}, {}, ""}};
  CHECK(summarize(order, 0).grade == Grade::removed);
  order.pop_back();
  CHECK(summarize(order, 0).grade == Grade::absent);
}

TEST_CASE("the incident line, the drop note and the restore refusal say what is at stake", "[hummock]")
{
  const auto present = summarize({{16, Grade::present, 9812345, 1825096170, "registered"},
                                  {17, Grade::present, 1536, 172032, "registered"}},
                                 8812);
  CHECK(state_line(present)
        == "state: 2 tables (16, 17) present in Hummock, 9.8 M key versions, 1.7 GiB (newest version 8812)");
  CHECK_FALSE(restore_refusal(16, present));
  CHECK(drop_note(16, present).find("the drop discards it") != std::string::npos);

  const auto removed = summarize({{16, Grade::removed, {}, {}, "removed from Hummock by version delta 8813"},
                                  {17, Grade::removed, {}, {}, "removed from Hummock by version delta 8813"}},
                                 8813);
  CHECK(state_line(removed) == "state: tables 16, 17 removed from Hummock by version delta 8813: a restore brings "
                               "back a job that every recovery rejects");
  const auto refusal = restore_refusal(16, removed);
  REQUIRE(refusal);
  CHECK(refusal->find("job 16's state is removed in Hummock") == 0);
  CHECK(refusal->find("risectl meta backup-meta") != std::string::npos);
  CHECK(drop_note(16, removed).find("the drop loses nothing more") != std::string::npos);

  const auto lagging = summarize({{16, Grade::lagging, 1, 1, "registered at ..."}}, 1);
  REQUIRE(restore_refusal(16, lagging));
  CHECK(restore_refusal(16, lagging)->find("abort") != std::string::npos);
  const auto unknown = summarize({{16, Grade::unknown, {}, {}, "no evidence"}}, 0);
  CHECK_FALSE(restore_refusal(16, unknown));
  CHECK(state_line(unknown).find("Hummock registration unknown: no evidence") != std::string::npos);
}

TEST_CASE("a restore the state refuses leaves the incident's repairs", "[hummock]")
{
  incidents::Incident incident;
  incident.recommended = checks::Repair::restore_fragments;
  incident.alternatives = {checks::Repair::drop_job};
  const auto present = summarize({{16, Grade::present, {}, {}, ""}}, 1);
  CHECK_FALSE(drop_refused_restore(incident, present));
  CHECK(incident.recommended == checks::Repair::restore_fragments);
  const auto removed = summarize({{16, Grade::removed, {}, {}, ""}}, 1);
  CHECK(drop_refused_restore(incident, removed));
  CHECK(incident.recommended == checks::Repair::drop_job);
  CHECK(incident.alternatives.empty());
  CHECK_FALSE(drop_refused_restore(incident, removed)); // nothing left to take out

  incidents::Incident only_restore;
  only_restore.recommended = checks::Repair::restore_rows;
  CHECK(drop_refused_restore(only_restore, summarize({{41, Grade::lagging, {}, {}, ""}}, 1)));
  CHECK(only_restore.recommended == checks::Repair::manual);
}

TEST_CASE("an incident's orphaned tables are attributed to its job", "[hummock]")
{
  incidents::Incident incident;
  incident.jobs = {16};
  incident.findings = {1, 2, 3, 4};
  std::vector<incidents::FindingFacts> facts(4);
  facts[0].check = "job-without-fragments";
  facts[0].object_id = 16;
  facts[1].check = "object-orphaned";
  facts[1].object_id = 17;
  facts[2].check = "object-orphaned";
  facts[2].object_id = 16; // the job itself is graded as a job
  facts[3].check = "stream-node-mismatch";
  facts[3].object_id = 24; // another job's finding is not its state
  const auto tables = attributed_tables(incident, facts);
  REQUIRE(tables.size() == 1);
  CHECK(tables[0] == std::pair<int, std::uint32_t>{16, 17});

  incident.jobs.clear();
  CHECK(attributed_tables(incident, facts).empty());
}
