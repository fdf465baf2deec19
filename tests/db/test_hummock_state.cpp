// What the meta store says about each job's state in Hummock, against real stores: the grade
// of every incident's state tables from the demo's time-travel snapshot, version deltas and
// stats, each grade from the rows a running cluster leaves, the restore, repair all and undo
// that a removed, absent or lagging state refuses, and rows that do not decode.
#include "cli_runner.hpp"
#include "hummock_wire.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <fstream>
#include <set>
#include <sstream>
#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;
using TempDir = test::TemporaryDirectory;
namespace hw = rwdoctor::test::hummock_wire;

namespace {

// The demo's Hummock rows (sql/demo/catalog.sql): time-travel snapshot 8800 at 02:58:00 UTC,
// then one commit a second, even versions database dev, odd ones shop; dev's last is 8812.
constexpr std::uint64_t k_demo_minute_ms = 1796093880000ULL; // 2026-12-01 02:58:00 UTC
const std::vector<std::uint32_t> k_dev_tables = {15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 27, 30, 32, 33, 34, 35, 36, 37};
const std::vector<std::uint32_t> k_shop_tables = {38, 39, 40, 41, 42, 43};

std::uint64_t
demo_epoch(int second)
{
  return hw::epoch_at_unix_ms(k_demo_minute_ms + static_cast<std::uint64_t>(second) * 1000U);
}

hw::TableInfos
tables_at(const std::vector<std::uint32_t>& tables, int second, const std::set<std::uint32_t>& left_out = {})
{
  hw::TableInfos infos;
  for (const auto table : tables) {
    if (left_out.count(table) == 0) {
      infos[table] = {demo_epoch(second), 3};
    }
  }
  return infos;
}

std::string
bytea(const std::string& bytes)
{
  return fmt::format("decode('{}', 'hex')", hw::hex(bytes));
}

// The seed incident: job 16 (mv_orders, state tables 16, 17, 18) lost its fragments; `backup`
// is the healthy store.
using Seed = test::SeedStores;

// The next global recovery purged job 16's tables: the unregister delta is still there.
void
remove_seed_tables(const test::ScratchDatabase& database)
{
  database.execute(fmt::format("INSERT INTO hummock_version_delta VALUES (8813, 8812, 0, 0, false, {})",
                               bytea(hw::delta(8813, {16, 17, 18}))));
}

// The purge's delta is vacuumed; the first commit after the next meta start wrote a time-travel
// snapshot without job 16's tables.
void
make_seed_tables_absent(const test::ScratchDatabase& database)
{
  auto tables = tables_at(k_dev_tables, 13, {16, 17, 18});
  const auto shop = tables_at(k_shop_tables, 13);
  tables.insert(shop.begin(), shop.end());
  database.execute(fmt::format("DELETE FROM hummock_version_delta; "
                               "INSERT INTO hummock_time_travel_version VALUES (8813, {})",
                               bytea(hw::version(8813, tables))));
}

// Job 16's tables stayed registered but stopped advancing: dev committed once more without them.
void
make_seed_tables_lag(const test::ScratchDatabase& database)
{
  database.execute(fmt::format("INSERT INTO hummock_version_delta VALUES (8813, 8812, 0, 0, false, {})",
                               bytea(hw::delta(8813, {}, tables_at(k_dev_tables, 13, {16, 17, 18})))));
}

void
drop_hummock_rows(const test::ScratchDatabase& database)
{
  database.execute("DELETE FROM hummock_version_delta; DELETE FROM hummock_time_travel_version; "
                   "DELETE FROM hummock_time_travel_delta; DELETE FROM hummock_version_stats");
}

nlohmann::json
check_json(const test::ScratchDatabase& database)
{
  const auto result = run_cli({"check", "-d", database.name(), "--format", "json"});
  INFO(result.err);
  REQUIRE((result.code == 0 || result.code == 4));
  return nlohmann::json::parse(result.out);
}

// The state object of the incident whose jobs are exactly {job}.
nlohmann::json
incident_state(const nlohmann::json& report, int job)
{
  for (const auto& incident : report["incidents"]) {
    if (incident["jobs"] == nlohmann::json::array({job})) {
      return incident["state"];
    }
  }
  FAIL("no incident of job " << job << " in " << report.dump());
  return {};
}

std::string
table_ids(const nlohmann::json& state)
{
  std::string ids;
  for (const auto& table : state["tables"]) {
    ids += fmt::format("{}{}:{}", ids.empty() ? "" : " ", table["table_id"].get<int>(), table["grade"].get<std::string>());
  }
  return ids;
}

test::CliResult
restore(const Seed& seed, const TempDir& dir, const std::string& mode)
{
  return run_cli({"repair", "restore", "-d", seed.live.name(), "--job", "16", "--from", seed.backup.name(),
                  "--undo-file", dir.file("undo.json"), mode});
}

std::string
file_text(const std::string& path)
{
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace

TEST_CASE("check says what each incident holds in Hummock, from the demo's snapshot, deltas and stats",
          "[db][hummock]")
{
  for (const auto& generation : test::all_generations()) {
    DYNAMIC_SECTION(generation)
    {
      const Seed seed(generation);
      const auto report = check_json(seed.live);
      const auto state = incident_state(report, 16);
      INFO(state.dump(2));
      CHECK(state["grade"] == "present");
      CHECK(table_ids(state) == "16:present 17:present 18:present");
      CHECK(state["keys"] == 9812345 + 1536 + 2507113);
      CHECK(state["bytes"] == 235496280LL + 1589599890LL + 39936 + 132096 + 60170712 + 105298746);
      CHECK(state["tables"][0]["evidence"] == "registered, committed 2026-12-01 02:58:12 UTC (version 8812)");

      const auto text = run_cli({"check", "-d", seed.live.name()});
      INFO(text.out);
      CHECK(contains(text.out, "  state: 3 tables (16, 17, 18) present in Hummock, 12.3 M key versions, 1.9 GiB "
                               "(newest version 8812)\n"));

      // A healthy store has no incident, so nothing is at stake.
      const auto healthy = check_json(seed.backup);
      CHECK(healthy["incidents"].empty());
    }
  }
}

TEST_CASE("each grade follows the Hummock rows a cluster leaves, and a blocking one refuses the restore",
          "[db][hummock][restore]")
{
  struct Case
  {
    const char* name;
    void (*prepare)(const test::ScratchDatabase&);
    const char* grade;
    const char* evidence;
  };
  const Case cases[] = {
    {"removed", remove_seed_tables, "removed", "removed from Hummock by version delta 8813"},
    {"absent", make_seed_tables_absent, "absent",
     "not registered in time-travel snapshot 8813 nor in any later delta up to version 8813, while table 19, created "
     "after it, is"},
    {"lagging", make_seed_tables_lag, "lagging",
     "registered at 2026-12-01 02:58:12 UTC (version 8812), 1 s behind database 1 (2026-12-01 02:58:13 UTC)"},
  };
  for (const auto& generation : {std::string("v2_4"), std::string("head")}) {
    for (const auto& scenario : cases) {
      DYNAMIC_SECTION(generation << " " << scenario.name)
      {
        const Seed seed(generation);
        scenario.prepare(seed.live);
        const auto report = check_json(seed.live);
        const auto state = incident_state(report, 16);
        INFO(state.dump(2));
        CHECK(state["grade"] == scenario.grade);
        // The restore it would refuse is not offered: the drop is what can still be done.
        CHECK(report["incidents"][0]["recommended"] == "drop-job");
        CHECK(contains(report["incidents"][0]["commands"][0].get<std::string>(), "rwdoctor repair drop --job 16"));
        const auto text = run_cli({"check", "-d", seed.live.name()});
        INFO(text.out);
        CHECK(contains(text.out, fmt::format("; its state is {} in Hummock, so no restore\n     rwdoctor repair drop "
                                             "--job 16",
                                             scenario.grade)));
        CHECK(state["tables"].size() == 3);
        CHECK(state["tables"][0]["evidence"] == scenario.evidence);

        const auto before = test::dump_meta_tables(seed.live.name());
        const TempDir dir;
        for (const auto* mode : {"--dry-run", "--yes"}) {
          const auto refused = restore(seed, dir, mode);
          INFO(mode << "\n" << refused.out << refused.err);
          CHECK(refused.code == 32);
          CHECK(contains(refused.out + refused.err, fmt::format("job 16's state is {} in Hummock", scenario.grade)));
          CHECK(contains(refused.out + refused.err, "risectl meta backup-meta"));
        }
        CHECK(test::dump_meta_tables(seed.live.name()) == before);
      }
    }
  }
}

TEST_CASE("without Hummock rows the grade is unknown, which does not block a restore but is said",
          "[db][hummock][restore]")
{
  const Seed seed("head");
  drop_hummock_rows(seed.live);
  const auto state = incident_state(check_json(seed.live), 16);
  CHECK(state["grade"] == "unknown");
  CHECK(state["keys"].is_null());
  CHECK(state["bytes"].is_null());
  CHECK(state["tables"][0]["evidence"]
        == "the meta store holds no Hummock rows (time travel off, or a store that keeps none)");

  const TempDir dir;
  const auto dry = restore(seed, dir, "--dry-run");
  INFO(dry.out << dry.err);
  CHECK(dry.code == 4);
  CHECK(contains(dry.out, "job 16: 3 tables (16, 17, 18), no entry in hummock_version_stats; Hummock registration "
                          "unknown"));
  const auto applied = restore(seed, dir, "--yes");
  INFO(applied.out << applied.err);
  CHECK(applied.code == 1);
}

TEST_CASE("a restore of present state records the grade in its plan, undo file and audit row", "[db][hummock][restore]")
{
  const Seed seed("v2_8");
  const TempDir dir;
  const auto plan_path = dir.file("plan.json");
  const auto planned = run_cli({"repair", "restore", "-d", seed.live.name(), "--job", "16", "--from",
                                seed.backup.name(), "--dry-run", "--plan-out", plan_path});
  INFO(planned.out << planned.err);
  REQUIRE(planned.code == 4);
  CHECK(contains(planned.out, "state in Hummock (live's meta store, at plan time):\n  job 16: 3 tables (16, 17, 18) "
                              "present in Hummock"));
  CHECK(contains(file_text(plan_path), "\"grade\": \"present\""));

  const auto applied = restore(seed, dir, "--yes");
  INFO(applied.out << applied.err);
  REQUIRE(applied.code == 1);
  const auto undo = file_text(dir.file("undo.json"));
  CHECK(contains(undo, "\"state\""));
  CHECK(contains(undo, "\"bytes\": 1990737660"));
  pqxx::connection connection("dbname=" + seed.live.name());
  pqxx::work work(connection);
  const auto row = work.exec("SELECT state->0->>'grade', (state->0->>'keys')::bigint FROM rwdoctor.repair_log "
                             "WHERE action = 'restore'");
  REQUIRE(row.size() == 1);
  CHECK(row[0][0].as<std::string>() == "present");
  CHECK(row[0][1].as<long long>() == 12320994);
}

TEST_CASE("repair all never restores a job whose state is gone; the drop it offers says so", "[db][hummock][all]")
{
  const Seed seed("head");
  remove_seed_tables(seed.live);
  const auto fragments = [&seed] {
    pqxx::connection connection("dbname=" + seed.live.name());
    pqxx::work work(connection);
    return work.exec1("SELECT count(*) FROM fragment WHERE job_id = 16")[0].as<int>();
  };
  const auto all = run_cli({"repair", "all", "-d", seed.live.name(), "--from", seed.backup.name(), "--yes"});
  INFO(all.out << all.err);
  CHECK(contains(all.out, "restore refused: job 16's state is removed in Hummock"));
  CHECK(fragments() == 0);

  const auto cascade = run_cli({"repair", "all", "-d", seed.live.name(), "--from", seed.backup.name(), "--cascade",
                                "--dry-run"});
  INFO(cascade.out << cascade.err);
  CHECK(cascade.code == 4);
  CHECK(contains(cascade.out, "job 16's state is already gone from Hummock"));
  CHECK(fragments() == 0);
}

TEST_CASE("the undo of a drop is refused once Hummock let the dropped job's state go", "[db][hummock][undo]")
{
  for (const auto& generation : {std::string("v2_4"), std::string("head")}) {
    DYNAMIC_SECTION(generation)
    {
      const Seed seed(generation);
      const TempDir dir;
      const auto undo = dir.file("undo.json");
      const auto dropped = run_cli({"repair", "drop", "-d", seed.live.name(), "--job", "16", "--cascade", "--yes",
                                    "--undo-file", undo});
      INFO(dropped.out << dropped.err);
      REQUIRE(dropped.code == 1);
      CHECK(contains(dropped.out + file_text(undo), "present"));
      // The meta node started after the drop: its recovery purged the tables of the dropped jobs.
      remove_seed_tables(seed.live);
      const auto before = test::dump_meta_tables(seed.live.name());
      const auto refused = run_cli({"undo", undo, "-d", seed.live.name(), "--yes"});
      INFO(refused.out << refused.err);
      CHECK(refused.code == 32);
      CHECK(contains(refused.err, "the undo would bring back a job whose state is gone: job 16's state is removed"));
      CHECK(contains(refused.err, "HINT: "));
      CHECK(test::dump_meta_tables(seed.live.name()) == before);
    }
  }
}

TEST_CASE("stats in snake_case and rows that do not decode: findings and grades, never a crash",
          "[db][hummock][bad-input]")
{
  SECTION("snake_case names and JSON numbers")
  {
    const Seed seed("head");
    seed.live.execute(R"(UPDATE hummock_version_stats SET stats =
      '{"16": {"total_key_count": 7, "total_key_size": 10, "total_value_size": 5}, "17": "x", "y": {}}')");
    const auto state = incident_state(check_json(seed.live), 16);
    CHECK(state["keys"] == 7);
    CHECK(state["bytes"] == 15);
    CHECK(state["tables"][1]["keys"].is_null());
  }
  SECTION("stats that are not an object")
  {
    const Seed seed("head");
    seed.live.execute("UPDATE hummock_version_stats SET stats = '[1, 2]'");
    const auto state = incident_state(check_json(seed.live), 16);
    CHECK(state["grade"] == "present");
    CHECK(state["keys"].is_null());
  }
  SECTION("a version delta that is not protobuf: blob-malformed, critical; the grades go on")
  {
    const Seed seed("v2_8");
    seed.live.execute("INSERT INTO hummock_version_delta VALUES (8813, 8812, 0, 0, false, '\\xffff')");
    const auto report = check_json(seed.live);
    bool found = false;
    for (const auto& finding : report["findings"]) {
      if (finding["check"] == "blob-malformed") {
        found = true;
        CHECK(finding["severity"] == "critical");
        CHECK(finding["message"] == "full_version_delta of hummock_version_delta 8813 is not well-formed protobuf (2 bytes)");
      }
    }
    CHECK(found);
    CHECK(incident_state(report, 16)["grade"] == "present");
  }
  SECTION("a time-travel snapshot that does not decode: a warning, and the grades fall back to the stats")
  {
    const Seed seed("head");
    seed.live.execute("UPDATE hummock_time_travel_version SET version = '\\x0a05'");
    const auto report = check_json(seed.live);
    bool found = false;
    for (const auto& finding : report["findings"]) {
      if (finding["check"] == "blob-malformed") {
        found = true;
        CHECK(finding["severity"] == "warning");
      }
    }
    CHECK(found);
    const auto state = incident_state(report, 16);
    CHECK(state["grade"] == "present");
    CHECK(state["tables"][0]["evidence"]
          == "has an entry in hummock_version_stats (no time-travel snapshot to confirm its registration)");
  }
  SECTION("a Hummock table the role cannot read: every grade unknown, the check still runs")
  {
    const Seed seed("head");
    seed.live.execute("CREATE ROLE rwdoctor_hummock_reader_" + std::to_string(::getpid())
                      + " LOGIN; GRANT USAGE ON SCHEMA public TO rwdoctor_hummock_reader_" + std::to_string(::getpid())
                      + "; GRANT SELECT ON ALL TABLES IN SCHEMA public TO rwdoctor_hummock_reader_"
                      + std::to_string(::getpid()) + "; REVOKE SELECT ON hummock_version_delta FROM rwdoctor_hummock_reader_"
                      + std::to_string(::getpid()));
    const auto role = "rwdoctor_hummock_reader_" + std::to_string(::getpid());
    const auto result = run_cli({"check", "-d", seed.live.name(), "-U", role, "--format", "json"});
    seed.live.execute("DROP OWNED BY " + role + "; DROP ROLE " + role);
    INFO(result.err);
    REQUIRE(result.code == 8); // blob-malformed cannot read the column either
    const auto report = nlohmann::json::parse(result.out);
    const auto state = incident_state(report, 16);
    CHECK(state["grade"] == "unknown");
    CHECK(state["tables"][0]["evidence"] == "the meta store's Hummock tables could not be read");
  }
}

TEST_CASE("guard says what the next start destroys, and that a purged job loses nothing more", "[db][hummock][guard]")
{
  const Seed seed("v2_8");
  const auto blocked = run_cli({"guard", "-d", seed.live.name()});
  INFO(blocked.out << blocked.err);
  CHECK(blocked.code == 4);
  CHECK(contains(blocked.out, "     the start destroys the state of job 16: 3 tables in Hummock, 12.3 M key versions, "
                              "1.9 GiB (registration present)\n"));
  remove_seed_tables(seed.live);
  const auto purged = run_cli({"guard", "-d", seed.live.name()});
  INFO(purged.out << purged.err);
  CHECK(purged.code == 4);
  CHECK(contains(purged.out, "     job 16: the state is already gone from Hummock; the start loses nothing more\n"));
}
