// The reproductions of the DBA trial on a v2.8 store with five root causes (a sink-into-table
// target whose fragments were deleted by hand, a dropped sink's leaked pending_sink_state rows,
// an unparsable system parameter, a CREATE stuck in INITIAL, every sequence reset by a
// fail-over), each end to end through the CLI on a scratch copy of the healthy demo, the way the
// trial ran them; then the whole incident, repaired by one `repair all --from BACKUP --yes`.

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

std::vector<std::string>
step_repairs(const std::string& plan_json)
{
  std::vector<std::string> repairs;
  for (const auto& step : nlohmann::json::parse(plan_json)["steps"]) {
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
        const test::TemporaryDirectory directory;
        const auto applied = run_rwdoctor({"repair", "all", "--from", backup.name(), "-d", live.name(), "--yes",
                                           "--undo-file", directory.file("undo.json")});
        INFO(applied.describe());
        CHECK(applied.exit_code == 1);
        CHECK(run_rwdoctor({"check", "-d", live.name()}).exit_code == 0);
        CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
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
