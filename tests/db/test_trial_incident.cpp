// The reproductions of the DBA trial on a v2.8 store with five root causes (a sink-into-table
// target whose fragments were deleted by hand, a dropped sink's leaked pending_sink_state rows,
// an unparsable system parameter, a CREATE stuck in INITIAL, every sequence reset by a
// fail-over), each end to end through the CLI on a scratch copy of the healthy demo, the way the
// trial ran them; then the whole incident, repaired by one `repair all --from BACKUP --yes`.

#include "hummock_wire.hpp"
#include "process_runner.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace rwdoctor;

namespace {

using test::run_rwdoctor;

std::string
scalar(const std::string& dbname, const std::string& sql)
{
  pqxx::connection connection("dbname=" + dbname);
  pqxx::nontransaction tx(connection);
  const auto result = tx.exec(sql);
  return result.empty() || result[0][0].is_null() ? std::string("NULL") : result[0][0].c_str();
}

// The trial's R5: a fail-over to a logical replica left the serial sequences where CREATE
// SEQUENCE starts them (PostgreSQL does not replicate sequence values).
const char* const k_sequences_reset =
  "SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('\"user\"', 'user_id'), 1, false), "
  "pg_catalog.setval(pg_catalog.pg_get_serial_sequence('worker', 'worker_id'), 1, false), "
  "pg_catalog.setval(pg_catalog.pg_get_serial_sequence('object_dependency', 'id'), 1, false);";

// The sequences behind their tables, by the check's JSON: name -> the finding's incident.
std::map<std::string, int>
behind_sequences(const std::string& dbname)
{
  const auto report = nlohmann::json::parse(run_rwdoctor({"check", "-d", dbname, "--format", "json"}).out);
  std::map<std::string, int> behind;
  for (const auto& finding : report["findings"]) {
    if (finding["check"] == "sequence-behind") {
      behind[finding["name"].get<std::string>()] = finding["incident"].get<int>();
    }
  }
  return behind;
}

} // namespace

TEST_CASE("trial problem 1: each sequence behind is its own incident and step; a run that rolls back names the "
          "sequences it moved",
          "[db][trial]")
{
  for (const auto& generation : {std::string("v2_8"), std::string("head")}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute(k_sequences_reset);
      live.execute("DELETE FROM fragment WHERE job_id = 39;");
      const auto injected = test::dump_meta_tables(live.name());

      // Three findings, three incidents: no sequence "follows from" another.
      const auto behind = behind_sequences(live.name());
      REQUIRE(behind.size() == 3);
      std::set<int> incidents;
      for (const auto& [name, incident] : behind) {
        incidents.insert(incident);
      }
      CHECK(incidents.size() == 3);

      // Cancelled after the steps ran: the rows roll back, the sequences stay moved, and the
      // message says so instead of "nothing was changed".
      {
        const test::TemporaryDirectory pause_directory;
        const auto pause_file = pause_directory.file("pause");
        std::ofstream(pause_file) << "";
        test::ProcessOptions options;
        options.environment = {"RWDOCTOR_PAUSE=all:planned", "RWDOCTOR_PAUSE_FILE=" + pause_file, "NO_COLOR=1",
                               "TERM=dumb"};
#ifdef RWDOCTOR_TEST_FAULTS
        test::PtyProcess repair({test::rwdoctor_binary(), "repair", "all", "--from", backup.name(), "-d", live.name(),
                                 "--yes", "--undo-file", pause_directory.file("undo.json")},
                                options);
        repair.wait_for("rwdoctor: paused at all:planned");
        REQUIRE(::kill(repair.pid(), SIGINT) == 0);
        const auto outcome = repair.wait();
        INFO(outcome.describe());
        CHECK(outcome.exit_code == 32);
        const auto said = test::unwrapped(outcome.out + outcome.err);
        CHECK(said.find("nothing was changed") == std::string::npos);
        CHECK(said.find("cancelled; the repair was rolled back, but setval moved these sequences") != std::string::npos);
        for (const auto& [name, incident] : behind) {
          CHECK(said.find(name + " to ") != std::string::npos);
        }
        CHECK(behind_sequences(live.name()).empty()); // they moved all the same
        CHECK(scalar(live.name(), "SELECT count(*) FROM fragment WHERE job_id = 39") == "0");
        live.execute(k_sequences_reset); // back to the trial's state
#endif
      }

      // One run repairs all: three setval steps and the restore, and the store is the backup's.
      const test::TemporaryDirectory directory;
      const auto dry = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--dry-run",
                                     "--format", "json"});
      INFO(dry.describe());
      REQUIRE(dry.exit_code == 4);
      const auto plan = nlohmann::json::parse(dry.out);
      int moves = 0;
      for (const auto& step : plan["steps"]) {
        moves += step["repair"] == "fix" ? 1 : 0;
      }
      CHECK(moves == 3);
      const auto applied = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes",
                                         "--undo-file", directory.file("undo.json")});
      INFO(applied.describe());
      CHECK(applied.exit_code == 1);
      CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
      CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
      const auto undone = run_rwdoctor({"undo", directory.file("undo.json"), "--yes"});
      INFO(undone.describe());
      CHECK(undone.exit_code == 0);
      CHECK(test::dump_meta_tables(live.name()) == injected);
    }
  }
}

namespace {

// The trial's R1: the evening on-call deleted the fragments of table order_archive (30), the
// target of sink orders_to_archive (31), fighting the two foreign keys that refused it.
const char* const k_sink_target_cleanup = "UPDATE \"table\" SET dml_fragment_id = NULL WHERE table_id = 30; "
                                          "UPDATE sink SET target_table = NULL WHERE sink_id = 31; "
                                          "DELETE FROM fragment WHERE job_id = 30;";

// One repair all --from BACKUP --yes: every incident repaired, check clean, every meta table
// the backup's.
void
expect_all_back_to_backup(const test::ScratchDatabase& backup, const test::ScratchDatabase& live)
{
  const test::TemporaryDirectory directory;
  const auto applied = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes",
                                     "--undo-file", directory.file("undo.json")});
  INFO(applied.describe());
  CHECK(applied.exit_code == 1);
  CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
  CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
}

std::vector<std::string>
step_repairs(const std::string& plan_json)
{
  std::vector<std::string> repairs;
  const auto plan = nlohmann::json::parse(plan_json); // named: a range-for over a temporary's member dangles
  for (const auto& step : plan["steps"]) {
    repairs.push_back(step["repair"]);
  }
  return repairs;
}

} // namespace

TEST_CASE("trial problems 2-4: a sink-into-table target whose fragments and sink pointer a cleanup removed is restored "
          "with the pointer, never dropped",
          "[db][trial]")
{
  for (const auto& generation : {std::string("v2_8"), std::string("head")}) {
    for (const bool pointer_set_by_hand : {false, true}) {
      DYNAMIC_SECTION(generation << (pointer_set_by_hand ? " pointer set again with the FK off" : " pointer NULL"))
      {
        const test::ScratchDatabase backup(generation);
        const auto live = test::ScratchDatabase::copy_of(backup);
        live.execute(k_sink_target_cleanup);
        if (pointer_set_by_hand) {
          // The trial's wrong guess: setting it back with the FK triggers off.
          live.execute("BEGIN; SET LOCAL session_replication_role = replica; "
                       "UPDATE sink SET target_table = 30 WHERE sink_id = 31; COMMIT;");
        }
        // The lost pointer is reported (problem 4), as following from the table's incident
        // where the check can see the table at the other end.
        const auto report =
          nlohmann::json::parse(run_rwdoctor({"check", "-d", live.name(), "--format", "json"}).out);
        bool lost_reported = false;
        for (const auto& finding : report["findings"]) {
          lost_reported = lost_reported || (finding["check"] == "sink-target-lost" && finding["job_id"] == 31);
        }
        CHECK(lost_reported == !pointer_set_by_hand);

        // The restore of 30 plans (problem 3): the sink's pointer is one of its column values.
        const auto restore = run_rwdoctor(
          {"repair", "restore", "--job", "30", "--from", backup.name(), "-d", live.name(), "--dry-run"});
        INFO(restore.describe());
        CHECK(restore.exit_code == 4);
        if (!pointer_set_by_hand) {
          CHECK(test::unwrapped(restore.out).find("sink (31).target_table: NULL -> 30") != std::string::npos);
        }

        // repair all never drops what the backup holds (problem 2), and takes the store back to
        // the backup's rows in one run.
        const auto dry = run_rwdoctor(
          {"repair", "all", "--from", backup.name(), "-d", live.name(), "--dry-run", "--format", "json"});
        INFO(dry.describe());
        const auto repairs = step_repairs(dry.out);
        CHECK(std::find(repairs.begin(), repairs.end(), "drop-job") == repairs.end());
        expect_all_back_to_backup(backup, live);
      }
    }
  }
}

TEST_CASE("a restore of a shared source whose dependent lost only the restored edge succeeds; a neighbour broken for "
          "another reason still blocks",
          "[db][trial]")
{
  for (const auto& generation : {std::string("v2_4"), std::string("v2_8"), std::string("head")}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute("DELETE FROM fragment WHERE job_id = 14;"); // the shared source orders_src
      const auto injected = test::dump_meta_tables(live.name());
      const auto parallelism = scalar(live.name(), "SELECT parallelism::text FROM streaming_job WHERE job_id = 16");

      // Job 16 also broken for another reason: its incident has a finding the restore's rows
      // do not reach, so the restore is refused, naming check's own incident number.
      live.execute("UPDATE streaming_job SET parallelism = '{\"Fixed\": \"four\"}' WHERE job_id = 16;");
      const auto blocked = run_rwdoctor(
        {"repair", "restore", "--job", "14", "--from", backup.name(), "-d", live.name(), "--dry-run"});
      INFO(blocked.describe());
      CHECK(blocked.exit_code == 32);
      const auto said = test::unwrapped(blocked.out + blocked.err);
      CHECK(said.find("neighbour job 16 is already broken") != std::string::npos);
      CHECK(said.find("[job-parallelism-invalid]") != std::string::npos);
      const auto report = nlohmann::json::parse(run_rwdoctor({"check", "-d", live.name(), "--format", "json"}).out);
      int incident_of_16 = 0;
      for (const auto& incident : report["incidents"]) {
        for (const auto& job : incident["jobs"]) {
          if (job == 16 && incident_of_16 == 0) {
            incident_of_16 = incident["id"].get<int>();
          }
        }
      }
      REQUIRE(incident_of_16 > 0);
      CHECK(said.find(fmt::format("incident {} of rwdoctor check", incident_of_16)) != std::string::npos);

      // Only the edge from the restored fragment missing: the restore runs and heals job 16.
      live.execute(fmt::format("UPDATE streaming_job SET parallelism = $q${}$q$ WHERE job_id = 16;", parallelism));
      CHECK(test::dump_meta_tables(live.name()) == injected);
      const test::TemporaryDirectory directory;
      const auto restored = run_rwdoctor({"repair", "restore", "--job", "14", "--from", backup.name(), "-d",
                                          live.name(), "--yes", "--undo-file", directory.file("undo.json")});
      INFO(restored.describe());
      CHECK(restored.exit_code == 1);
      CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
      CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
    }
  }
}

namespace {

// The trial's five root causes, in the order they happened (see the file's head), written for
// any generation: the stuck CREATE's rows are copied from the demo's low_stock (39) and its
// state table (40) through a temporary table, so every column of the generation is there.
const char* const k_trial_incident = R"sql(
-- R2: DROP SINK orders_iceberg_sink (26) by a user; pending_sink_state has no cascade before v3.0.3.
DELETE FROM object WHERE oid IN (26, 27);
-- R4: CREATE MATERIALIZED VIEW restock_plan, the meta node killed after its catalog rows.
INSERT INTO object (obj_type, owner_id, schema_id, database_id, initialized_at, created_at,
                    initialized_at_cluster_version)
VALUES ('TABLE', 1, 9, 8, (now() AT TIME ZONE 'UTC') - interval '5 hours',
        (now() AT TIME ZONE 'UTC') - interval '5 hours', '2.8.4'),
       ('TABLE', 1, 9, 8, (now() AT TIME ZONE 'UTC') - interval '5 hours',
        (now() AT TIME ZONE 'UTC') - interval '5 hours', '2.8.4');
DO $$ BEGIN
  IF (SELECT count(*) FROM object WHERE oid IN (44, 45)) <> 2 THEN
    RAISE EXCEPTION 'staging expected oids 44 and 45';
  END IF;
  IF EXISTS (SELECT 1 FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = 44 WHERE oid = 45';
  END IF;
END $$;
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (44, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
CREATE TEMP TABLE stuck AS SELECT * FROM "table" WHERE table_id IN (39, 40);
UPDATE stuck SET fragment_id = NULL, vnode_count = 0,
                 belongs_to_job_id = CASE WHEN table_id = 40 THEN 44 END,
                 name = CASE WHEN table_id = 39 THEN 'restock_plan' ELSE '__internal_restock_plan_21_streamscan_45' END,
                 table_id = table_id + 5;
INSERT INTO "table" SELECT * FROM stuck;
INSERT INTO object_dependency (oid, used_by) VALUES (38, 44);
-- R1: the fragments of order_archive (30), the target of sink 31, deleted by hand.
UPDATE "table" SET dml_fragment_id = NULL WHERE table_id = 30;
UPDATE sink SET target_table = NULL WHERE sink_id = 31;
DELETE FROM fragment WHERE job_id = 30;
-- R3: pause_on_next_bootstrap typed as a PostgreSQL boolean.
UPDATE system_parameter SET value = 'on' WHERE name = 'pause_on_next_bootstrap';
-- R5: a fail-over to a logical replica reset every serial sequence.
SELECT setval(s, 1, false)
FROM unnest(ARRAY['object_oid_seq', 'user_user_id_seq', 'object_dependency_id_seq',
                  'user_privilege_id_seq', 'worker_worker_id_seq']) AS s;
)sql";

} // namespace

TEST_CASE("trial store: five root causes, one repair all --from BACKUP --yes, then check 0 and the backup's rows but "
          "for the user's DROP SINK",
          "[db][trial]")
{
  for (const auto& generation : {std::string("v2_8"), std::string("head")}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute(k_trial_incident);
      // What the store should be: the backup after the user's DROP SINK, its leak cleaned.
      const auto expected = test::ScratchDatabase::copy_of(backup);
      expected.execute("DELETE FROM object WHERE oid IN (26, 27); DELETE FROM pending_sink_state WHERE sink_id = 26;");

      const auto checked = run_rwdoctor({"check", "-d", live.name(), "--format", "json"});
      CHECK(checked.exit_code == 4);
      const auto report = nlohmann::json::parse(checked.out);
      std::set<std::string> roots;
      for (const auto& incident : report["incidents"]) {
        const auto& root = report["findings"][incident["root"].get<std::size_t>() - 1];
        roots.insert(root["check"].get<std::string>());
      }
      for (const auto* check : {"job-without-fragments", "job-stuck", "system-parameter-invalid", "sequence-behind"}) {
        INFO(check);
        CHECK(roots.count(check) == 1);
      }
      CHECK(roots.count("pending-sink-state-orphaned") == (generation == "v2_8" ? 1 : 0));

      const auto dry = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--dry-run"});
      INFO(dry.describe());
      CHECK(dry.exit_code == 4);
      CHECK(test::unwrapped(dry.out).find("not repaired") == std::string::npos);
      // Names live lost, from the backup (problem 8).
      CHECK(test::unwrapped(dry.out).find("order_archive <no table row; name from the backup>") != std::string::npos);
      const test::TemporaryDirectory directory;
      const auto applied = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes",
                                         "--undo-file", directory.file("undo.json")});
      INFO(applied.describe());
      CHECK(applied.exit_code == 1);
      const auto after = run_rwdoctor({"check", "-d", live.name()});
      INFO(after.describe());
      CHECK(after.exit_code == 0);
      CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(expected.name()));
      // Pasted twice: nothing to do.
      const auto again = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes"});
      INFO(again.describe());
      CHECK(again.exit_code == 0);
    }
  }
}

namespace {

// The longest line of terminal output `text` ("\r\n" line ends).
std::size_t
widest_line(const std::string& text)
{
  std::size_t widest = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string::npos) {
      end = text.size();
    }
    auto line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    widest = std::max(widest, line.size());
    start = end + 1;
  }
  return widest;
}

} // namespace

TEST_CASE("trial problems 5-10: a stuck INITIAL job dropped, leaked sink state and a bad system parameter fixed, an "
          "undo that refuses with the referencing row, plans that fit 80 columns",
          "[db][trial]")
{
  const std::string generation = "v2_8";
  const test::ScratchDatabase backup(generation);

  SECTION("problem 5 and 9: the stuck CREATE is dropped as recovery would, its temporary indexes one line")
  {
    const auto live = test::ScratchDatabase::copy_of(backup);
    const std::string sql = k_trial_incident;
    const auto r4 = sql.substr(sql.find("-- R4"), sql.find("-- R1") - sql.find("-- R4"));
    live.execute(r4);
    const auto dry = run_rwdoctor({"repair", "drop", "--job", "44", "-d", live.name(), "--dry-run"});
    INFO(dry.describe());
    CHECK(dry.exit_code == 4);
    CHECK(dry.out.find("CREATE INDEX") == std::string::npos);
    CHECK(dry.out.find("temporary index(es)") != std::string::npos);
    CHECK(dry.out.find("DELETE FROM object WHERE oid IN (44, 45);") != std::string::npos);
    const test::TemporaryDirectory directory;
    const auto dropped = run_rwdoctor({"repair", "drop", "--job", "44", "-d", live.name(), "--yes", "--undo-file",
                                       directory.file("undo.json")});
    INFO(dropped.describe());
    CHECK(dropped.exit_code == 1);
    CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
    CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
  }

  SECTION("problem 6: a dropped sink's leaked rows are a fix, and a system parameter the backup has is put back")
  {
    const auto live = test::ScratchDatabase::copy_of(backup);
    live.execute("DELETE FROM object WHERE oid IN (26, 27); "
                 "UPDATE system_parameter SET value = 'on' WHERE name = 'pause_on_next_bootstrap';");
    const auto injected = test::dump_meta_tables(live.name());
    const auto report = nlohmann::json::parse(run_rwdoctor({"check", "-d", live.name(), "--format", "json"}).out);
    for (const auto& finding : report["findings"]) {
      if (finding["check"] == "pending-sink-state-orphaned") {
        CHECK(finding["statement"].is_string());
      } else if (finding["check"] == "system-parameter-invalid") {
        CHECK(finding["name"] == "pause_on_next_bootstrap");
      }
    }
    const auto without_backup = run_rwdoctor({"repair", "all", "-d", live.name(), "--dry-run"});
    INFO(without_backup.describe());
    CHECK(test::unwrapped(without_backup.out).find("run repair all again with --from BACKUP") != std::string::npos);
    const test::TemporaryDirectory directory;
    const auto applied = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes",
                                       "--undo-file", directory.file("undo.json")});
    INFO(applied.describe());
    CHECK(applied.exit_code == 1);
    CHECK(test::unwrapped(applied.out).find("set system parameter pause_on_next_bootstrap to the backup's value "
                                            "'false'")
          != std::string::npos);
    CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
    CHECK(scalar(live.name(), "SELECT count(*) FROM pending_sink_state WHERE sink_id = 26") == "0");
    const auto undone = run_rwdoctor({"undo", directory.file("undo.json"), "--yes"});
    INFO(undone.describe());
    CHECK(undone.exit_code == 0);
    CHECK(test::dump_meta_tables(live.name()) == injected);
  }

  SECTION("problem 7: the undo of a restore refuses, naming the row that references what it would delete")
  {
    const auto live = test::ScratchDatabase::copy_of(backup);
    live.execute(k_sink_target_cleanup);
    live.execute("BEGIN; SET LOCAL session_replication_role = replica; "
                 "UPDATE sink SET target_table = 30 WHERE sink_id = 31; COMMIT;");
    const test::TemporaryDirectory directory;
    const auto restored = run_rwdoctor({"repair", "restore", "--job", "30", "--from", backup.name(), "-d",
                                        live.name(), "--yes", "--undo-file", directory.file("undo.json")});
    INFO(restored.describe());
    REQUIRE(restored.exit_code == 1);
    const auto before_undo = test::dump_meta_tables(live.name());
    const auto undone = run_rwdoctor({"undo", directory.file("undo.json"), "--yes"});
    INFO(undone.describe());
    CHECK(undone.exit_code == 32);
    CHECK(test::unwrapped(undone.err).find("sink row (31) references table row 30 through target_table")
          != std::string::npos);
    CHECK(test::dump_meta_tables(live.name()) == before_undo);
  }

  SECTION("problem 10: restore and drop plans fit an 80-column terminal")
  {
    const auto live = test::ScratchDatabase::copy_of(backup);
    live.execute(k_sink_target_cleanup);
    test::ProcessOptions narrow;
    narrow.terminal_columns = 80;
    narrow.environment = {"NO_COLOR=1", "TERM=dumb"};
    for (const auto& args : std::vector<std::vector<std::string>>{
           {"repair", "restore", "--job", "30", "--from", backup.name(), "-d", live.name(), "--dry-run"},
           {"repair", "drop", "--job", "30", "--cascade", "-d", live.name(), "--dry-run"}}) {
      auto command = args;
      command.insert(command.begin(), test::rwdoctor_binary());
      test::PtyProcess terminal(command, narrow);
      const auto outcome = terminal.wait();
      INFO(outcome.describe());
      CHECK(outcome.exit_code == 4);
      CHECK(widest_line(outcome.out) <= 80);
    }
  }
}

TEST_CASE("a sink whose target_table alone was nulled gets the backup's value back by a restore of the sink",
          "[db][trial]")
{
  for (const auto& generation : {std::string("v2_4"), std::string("head")}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute("UPDATE sink SET target_table = NULL WHERE sink_id = 31;");
      const auto report = nlohmann::json::parse(run_rwdoctor({"check", "-d", live.name(), "--format", "json"}).out);
      bool offered = false;
      for (const auto& incident : report["incidents"]) {
        for (const auto& command : incident["commands"]) {
          offered = offered || command.get<std::string>().rfind("rwdoctor repair restore --job 31 --from BACKUP", 0) == 0;
        }
      }
      CHECK(offered);
      const auto dry = run_rwdoctor(
        {"repair", "restore", "--job", "31", "--from", backup.name(), "-d", live.name(), "--dry-run"});
      INFO(dry.describe());
      CHECK(dry.exit_code == 4);
      CHECK(test::unwrapped(dry.out).find("sink (31).target_table: NULL -> 30") != std::string::npos);
      expect_all_back_to_backup(backup, live);
    }
  }
}

// The third DBA trial (dba-trial-2026-12c.md) on the demo catalog: a store created on v2.4 and
// upgraded to HEAD, six root causes, a backup taken before four of them. Following only what
// rwdoctor prints must drop no job that runs, repair the duplicated split, say why each job it
// drops is not restored, and reach guard 0 with no hand SQL; what remains is RisingWave's own
// to clear after the start.
TEST_CASE("trial 3 store: v2.4 upgraded to HEAD, six root causes; what rwdoctor prints drops no job that runs and "
          "reaches guard 0",
          "[db][trial][advice]")
{
  namespace hw = rwdoctor::test::hummock_wire;
  const test::ScratchDatabase head("head");
  const auto split_list = [&](int fragment) {
    return scalar(head.name(), fmt::format("SELECT encode(splits, 'hex') FROM fragment_splits WHERE fragment_id = {}",
                                           fragment));
  };
  const auto splits = split_list(1);
  const test::ScratchDatabase backup("v2_4");
  // (f) the upgrade leaves table 30, which sink 31 writes into, to the legacy-table migration task.
  backup.execute(test::upgrade_sql("v2_4", "head"));
  // (e) the first start's split reassignment wrote the lists of source fragments 1, 2 and 4,
  // fragment 1's with every split twice; (d) a leftover TABLE object of a failed REPLACE: both
  // were there when the backup was taken.
  backup.execute(fmt::format("INSERT INTO fragment_splits VALUES (1, decode('{0}{0}', 'hex')), (2, decode('{1}', "
                             "'hex')), (4, decode('{2}', 'hex'))",
                             splits, split_list(2), split_list(4)));
  backup.execute("INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, belong_to_oid) "
                 "VALUES (44, 'TABLE', 1, 2, 1, 2); SELECT setval('object_oid_seq', 44)");
  const auto live = test::ScratchDatabase::copy_of(backup);
  // (c) job 41 was created after the backup.
  backup.execute("DELETE FROM object WHERE oid IN (41, 42, 43)");
  // (a) job 16 and (b) job 33 and (c) job 41 lost their fragments; (b)'s state tables were then
  // purged by a recovery (the unregister delta is still there).
  live.execute("DELETE FROM fragment WHERE job_id IN (16, 33, 41)");
  live.execute(fmt::format("INSERT INTO hummock_version_delta VALUES (8813, 8812, 0, 0, false, decode('{}', 'hex'))",
                           hw::hex(hw::delta(8813, {33, 34, 35, 36, 37}))));

  const auto checked = run_rwdoctor({"check", "-d", live.name(), "--from", backup.name(), "--format", "json"});
  INFO(checked.describe());
  REQUIRE(checked.exit_code == 4);
  const auto report = nlohmann::json::parse(checked.out);
  std::map<int, std::pair<std::string, std::string>> advice; // root subject -> (backup, recommended)
  for (const auto& incident : report["incidents"]) {
    const auto& root = report["findings"][incident["root"].get<std::size_t>() - 1];
    const int subject = root["job_id"].is_null() ? root["object_id"].get<int>() : root["job_id"].get<int>();
    advice[subject] = {incident["backup"].get<std::string>(), incident["recommended"].get<std::string>()};
    // No command anywhere drops a job that runs: only the jobs that lost their fragments.
    for (const auto& command : incident["commands"]) {
      const auto text = command.get<std::string>();
      INFO(text);
      if (text.find("repair drop") != std::string::npos) {
        CHECK((text.find("--job 33 ") != std::string::npos || text.find("--job 41 ") != std::string::npos
               || text.find("--job 16 ") != std::string::npos));
      }
    }
  }
  using Advice = std::pair<std::string, std::string>;
  CHECK(advice[16] == Advice{"holds", "restore-fragments"});
  CHECK(advice[33] == Advice{"holds", "drop-job"}); // its state is removed: no restore can run
  CHECK(advice[41] == Advice{"not-in-backup", "drop-job"});
  CHECK(advice[14] == Advice{"same-fault", "fix"}); // the split list: the backup has the same bytes
  CHECK(advice[44] == Advice{"same-fault", "fix"});
  CHECK(advice[30] == Advice{"same-fault", "manual"}); // clears after the start
  CHECK(advice.size() == 6);

  const auto dry = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--dry-run"});
  INFO(dry.describe());
  const auto plan = test::unwrapped(dry.out);
  CHECK(dry.exit_code == 4);
  CHECK(plan.find("restore refused: job 41 is not in the backup") != std::string::npos);
  CHECK(plan.find("restore refused: job 33's state is removed in Hummock") != std::string::npos);
  // Job 33 can be recreated from what the plan prints.
  CHECK(plan.find("definition (from the backup): CREATE MATERIALIZED VIEW") != std::string::npos);

  const test::TemporaryDirectory directory;
  const auto applied = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes",
                                     "--undo-file", directory.file("undo.json")});
  INFO(applied.describe());
  CHECK(applied.exit_code == 4); // table 30 remains, RisingWave's to clear
  CHECK(test::unwrapped(applied.out).find("repaired 5 of 6 incident(s)") != std::string::npos);

  // Pasted again: nothing is changed, and what remains is RisingWave's to clear, as check says.
  const auto again = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes"});
  INFO(again.describe());
  CHECK(again.exit_code == 4);
  CHECK(test::unwrapped(again.out).find("not repaired: nothing to do before the start: RisingWave clears it once the "
                                        "meta node runs")
        != std::string::npos);

  const auto guard = run_rwdoctor({"guard", "-d", live.name()});
  INFO(guard.describe());
  CHECK(guard.exit_code == 0);
  const auto after = nlohmann::json::parse(run_rwdoctor({"check", "-d", live.name(), "--format", "json"}).out);
  for (const auto& finding : after["findings"]) {
    INFO(finding.dump());
    CHECK((finding["clears_after_start"] == true || finding["severity"] == "info"));
  }
  // The shared source and everything that reads it still run; the split list has each split once.
  CHECK(scalar(live.name(), "SELECT count(*) FROM object WHERE oid IN (14, 16, 24, 30, 31, 39)") == "6");
  CHECK(scalar(live.name(), "SELECT count(*) FROM object WHERE oid IN (33, 34, 35, 36, 37, 41, 42, 43, 44)") == "0");
  CHECK(scalar(live.name(), "SELECT encode(splits, 'hex') FROM fragment_splits WHERE fragment_id = 1") == splits);

  // Undo step by step (problem 6): the whole file is refused for job 33, whose state is gone,
  // and the refusal names the steps that can go back alone; one of them goes back (job 41's
  // drop), twice is nothing to do, and the whole file then names the steps still standing.
  const auto undo_file = directory.file("undo.json");
  const auto whole = run_rwdoctor({"undo", undo_file, "-d", live.name(), "--yes"});
  INFO(whole.describe());
  CHECK(whole.exit_code == 32);
  CHECK(test::unwrapped(whole.err).find(fmt::format("The steps of this repair all that can be taken back alone: "
                                                    "rwdoctor undo {} --incident 1 --incident 3 --incident 4 "
                                                    "--incident 6 --yes",
                                                    undo_file))
        != std::string::npos);
  const auto before_step = test::dump_meta_tables(live.name());
  const auto step = run_rwdoctor({"undo", undo_file, "--incident", "3", "-d", live.name(), "--yes"});
  INFO(step.describe());
  CHECK(step.exit_code == 0);
  CHECK(test::unwrapped(step.out).find("took back the step of incident 3") != std::string::npos);
  CHECK(scalar(live.name(), "SELECT count(*) FROM object WHERE oid IN (41, 42, 43)") == "3");
  CHECK(scalar(live.name(), "SELECT count(*) FROM object WHERE oid IN (33, 16)") == "1"); // 16 stays restored
  const auto twice = run_rwdoctor({"undo", undo_file, "--incident", "3", "-d", live.name(), "--yes"});
  CHECK(twice.exit_code == 0);
  CHECK(test::unwrapped(twice.out).find("incident 3 already taken back; nothing to do") != std::string::npos);
  const auto after_step = test::dump_meta_tables(live.name());
  CHECK(after_step != before_step);
  const auto rest = run_rwdoctor({"undo", undo_file, "-d", live.name(), "--yes"});
  INFO(rest.describe());
  CHECK(rest.exit_code == 32);
  CHECK(test::unwrapped(rest.err).find(fmt::format("Take back the others with: rwdoctor undo {} --incident 1 "
                                                   "--incident 2 --incident 4 --incident 6",
                                                   undo_file))
        != std::string::npos);
  CHECK(test::dump_meta_tables(live.name()) == after_step);
}
