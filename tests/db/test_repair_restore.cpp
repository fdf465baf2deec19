// `rwdoctor repair restore` against real meta stores of every generation: the seed case
// restored byte for byte from a backup, every refusal changing nothing, edges to jobs that
// are gone left out, plans and undo.
#include "check_helpers.hpp"
#include "cli_runner.hpp"
#include "scratch_database.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <cstdlib>
#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;
using TempDir = test::TemporaryDirectory;

namespace {


// The seed scenario: `backup` is the healthy catalog; in `live` the CREATED materialized view
// 16 lost its fragments with a plain DELETE (which cascaded its table rows away too).
struct SeedScenario
{
  explicit SeedScenario(const std::string& generation)
    : backup(generation), live(test::ScratchDatabase::copy_of(backup))
  {
    live.execute("DELETE FROM fragment WHERE job_id = 16");
  }
  test::ScratchDatabase backup;
  test::ScratchDatabase live;
};

test::CliResult
restore(const SeedScenario& scenario, const TempDir& dir, std::vector<std::string> extra = {})
{
  std::vector<std::string> args = {"repair", "restore", "-d", scenario.live.name(), "--job", "16", "--from",
                                   scenario.backup.name(), "--undo-file", dir.file("undo.json")};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// A restore that must not run (exit 32), or that ran and undid itself (exit 8), changed nothing
// and left no undo file.
void
not_restored(const SeedScenario& scenario, const std::string& reason, int code)
{
  const TempDir dir;
  const auto before = test::dump_meta_tables(scenario.live.name());
  const auto result = restore(scenario, dir, {"--yes"});
  INFO(result.out << result.err);
  CHECK(result.code == code);
  CHECK(contains(result.err, reason));
  CHECK(contains(result.err, "HINT: "));
  CHECK(test::dump_meta_tables(scenario.live.name()) == before);
  CHECK(access(dir.file("undo.json").c_str(), F_OK) != 0);
}

void
refused(const SeedScenario& scenario, const std::string& reason)
{
  not_restored(scenario, reason, 32);
}

void
rolled_back(const SeedScenario& scenario, const std::string& reason)
{
  not_restored(scenario, reason, 8);
}

} // namespace

// On v2.0 the edges are actor_dispatcher rows, and the fragment delete also cascaded away the
// rows of the upstream source's actors that dispatch into job 16's fragments: they come back.
TEST_CASE("the seed job's fragments come back byte for byte, and undo takes them out again", "[db][restore]")
{
  for (const auto& generation : test::all_generations()) {
    DYNAMIC_SECTION(generation)
    {
      const SeedScenario scenario(generation);
      const TempDir dir;
      const auto before = test::dump_meta_tables(scenario.live.name());
      const auto result = restore(scenario, dir, {"--yes"});
      INFO(result.out << result.err);
      REQUIRE(result.code == 1);
      // every restored row is the backup's, and nothing else changed
      CHECK(test::dump_meta_tables(scenario.live.name()) == test::dump_meta_tables(scenario.backup.name()));
      const auto report = test::check_database(scenario.live.name());
      INFO(test::describe(report));
      CHECK(checks::verdict(report) == ExitCode::clean);

      // The restore's and this test's sessions end asynchronously on a loaded server; the
      // undo's online gate must not meet them.
      test::wait_until_no_clients(scenario.live.name());
      const auto undone = run_cli({"undo", dir.file("undo.json"), "-d", scenario.live.name(), "--yes"});
      INFO(undone.out << undone.err);
      REQUIRE(undone.code == 0);
      CHECK(test::dump_meta_tables(scenario.live.name()) == before);
    }
  }
}

// The backup's fragment rows (with their blobs) are read by a second connection on the
// backup's snapshot while the first reads the rest; a backup role that may open only one
// connection reads everything on that one, and restores the same rows.
TEST_CASE("a state table's object row gone in live comes back with the fragments", "[db][restore]")
{
  // The plan learns which table rows' objects live still has from their ids alone, and puts
  // back the backup's object row of the one live lacks, parents first.
  const SeedScenario scenario("v2_8");
  scenario.live.execute("DELETE FROM object WHERE oid = 18");
  const TempDir dir;
  const auto result = restore(scenario, dir, {"--yes"});
  INFO(result.out << result.err);
  REQUIRE(result.code == 1);
  CHECK(test::dump_meta_tables(scenario.live.name()) == test::dump_meta_tables(scenario.backup.name()));
}

TEST_CASE("a backup that allows one connection is read on it and restores the same rows", "[db][restore]")
{
  for (const std::string generation : {"v2_4", "head"}) {
    DYNAMIC_SECTION(generation)
    {
      const SeedScenario scenario(generation);
      const auto role = fmt::format("rwdt_backup_{}", getpid());
      scenario.backup.execute(fmt::format("CREATE ROLE {0} LOGIN CONNECTION LIMIT 1; GRANT USAGE ON SCHEMA public TO {0}; "
                                          "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0};",
                                          role));
      const TempDir dir;
      const auto result =
        run_cli({"repair", "restore", "-d", scenario.live.name(), "--job", "16", "--from",
                 fmt::format("dbname={} user={}", scenario.backup.name(), role), "--yes", "--no-audit-table",
                 "--undo-file", dir.file("undo.json")});
      INFO(result.out << result.err);
      CHECK(result.code == 1);
      CHECK(test::dump_meta_tables(scenario.live.name()) == test::dump_meta_tables(scenario.backup.name()));
      scenario.backup.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
    }
  }
}

TEST_CASE("a restored sink into a table is listed in the table's incoming_sinks again", "[db][restore]")
{
  // Up to v2.6: sink 31 writes into table 30. It lost its fragments, and table 30's list lost it
  // (as a drop leaves it); the restore puts both back, and undo takes both out again.
  for (const std::string generation : {"v2_0", "v2_4"}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase backup(generation);
      const auto live = test::ScratchDatabase::copy_of(backup);
      live.execute("DELETE FROM fragment WHERE job_id = 31; UPDATE \"table\" SET incoming_sinks = '[]' WHERE table_id = 30");
      const auto before = test::dump_meta_tables(live.name());
      const TempDir dir;
      const auto result = run_cli({"repair", "restore", "-d", live.name(), "--job", "31", "--from", backup.name(),
                                   "--yes", "--undo-file", dir.file("undo.json")});
      INFO(result.out << result.err);
      REQUIRE(result.code == 1);
      CHECK(contains(result.out, "table (30).incoming_sinks: [] -> [31]"));
      CHECK(contains(result.out, "UPDATE \"table\" SET incoming_sinks = ... -- the restored sink added"));
      CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
      const auto report = test::check_database(live.name());
      INFO(test::describe(report));
      CHECK(checks::verdict(report) == ExitCode::clean);

      test::wait_until_no_clients(live.name());
      const auto undone = run_cli({"undo", dir.file("undo.json"), "-d", live.name(), "--yes"});
      INFO(undone.out << undone.err);
      REQUIRE(undone.code == 0);
      CHECK(test::dump_meta_tables(live.name()) == before);
    }
  }
}

TEST_CASE("a job whose table rows survived gets only its fragment graph back", "[db][restore]")
{
  const test::ScratchDatabase backup("head");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute("SET session_replication_role = replica; DELETE FROM fragment WHERE job_id = 16; "
               "SET session_replication_role = origin;");
  const TempDir dir;
  const auto result = run_cli({"repair", "restore", "-d", live.name(), "--job", "16", "--from", backup.name(), "--yes",
                               "--undo-file", dir.file("undo.json"), "--format", "json"});
  INFO(result.out << result.err);
  REQUIRE(result.code == 1);
  const auto plan = nlohmann::json::parse(result.out);
  CHECK(plan["action"] == "restore");
  CHECK(plan["row_counts"].count("table") == 0);
  CHECK(plan["row_counts"]["fragment"] == 2);
  CHECK(test::dump_meta_tables(live.name()) == test::dump_meta_tables(backup.name()));
}

TEST_CASE("restores that must not run are refused and change nothing", "[db][restore]")
{
  SECTION("a backup of another generation")
  {
    const test::ScratchDatabase other("v2_8");
    SeedScenario scenario("v3_0_3");
    const TempDir dir;
    const auto before = test::dump_meta_tables(scenario.live.name());
    const auto result = run_cli({"repair", "restore", "-d", scenario.live.name(), "--job", "16", "--from", other.name(),
                                 "--yes", "--undo-file", dir.file("undo.json")});
    CHECK(result.code == 32);
    CHECK(contains(result.err, "the backup is RisingWave v2.8 (65 migrations), live is v3.0.1–v3.0.3 (70 migrations)"));
    CHECK(test::dump_meta_tables(scenario.live.name()) == before);
  }
  SECTION("a backup that is not a meta store")
  {
    const test::ScratchDatabase empty;
    SeedScenario scenario("v2_8");
    const TempDir dir;
    const auto result = run_cli({"repair", "restore", "-d", scenario.live.name(), "--job", "16", "--from", empty.name(),
                                 "--yes", "--undo-file", dir.file("undo.json")});
    CHECK(result.code == 32);
    CHECK(contains(result.err, "the backup cannot be used"));
    CHECK(contains(result.err, "is not a RisingWave meta store"));
  }
  SECTION("the job is missing in the backup")
  {
    SeedScenario scenario("v2_8");
    scenario.backup.execute("DELETE FROM object WHERE oid IN (16, 17, 18, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37)");
    refused(scenario, "job 16 is not in the backup");
  }
  SECTION("the job was renamed")
  {
    const test::ScratchDatabase backup("v2_4");
    backup.execute("UPDATE \"table\" SET name = 'mv_orders_old' WHERE table_id = 16");
    // live kept its table rows in this variant, so it still knows the job's name
    const test::ScratchDatabase live("v2_4");
    live.execute("SET session_replication_role = replica; DELETE FROM fragment WHERE job_id = 16; "
                 "SET session_replication_role = origin;");
    const auto before = test::dump_meta_tables(live.name());
    const TempDir dir;
    const auto result = run_cli({"repair", "restore", "-d", live.name(), "--job", "16", "--from", backup.name(),
                                 "--yes", "--undo-file", dir.file("undo.json")});
    INFO(result.err);
    CHECK(result.code == 32);
    CHECK(contains(result.err, "job 16 is dev.public.mv_orders in live but dev.public.mv_orders_old in the backup"));
    CHECK(test::dump_meta_tables(live.name()) == before);
  }
  SECTION("a fragment id is taken by another job in live")
  {
    SeedScenario scenario("v3_0_3");
    scenario.live.execute("INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node, "
                          "state_table_ids, upstream_fragment_id, vnode_count) SELECT 2, 24, fragment_type_mask, "
                          "distribution_type, stream_node, '[]', '[]', vnode_count FROM fragment WHERE fragment_id = 8");
    refused(scenario, "fragment id 2 is used in live by job 24");
  }
  SECTION("the job changed after the backup")
  {
    // The backup's job 16 has one state table (16); live's has another one (18) that the
    // backup never knew, pointing at fragment 3.
    SeedScenario altered("head");
    altered.backup.execute("SET session_replication_role = replica; DELETE FROM \"table\" WHERE table_id = 18; "
                           "UPDATE fragment SET state_table_ids = '[16]' WHERE fragment_id = 3; "
                           "DELETE FROM object WHERE oid = 18; SET session_replication_role = origin;");
    altered.live.execute("SET session_replication_role = replica; INSERT INTO \"table\" (table_id, name, table_type, "
                         "belongs_to_job_id, columns, pk, distribution_key, stream_key, append_only, fragment_id, "
                         "value_indices, definition, handle_pk_conflict_behavior, read_prefix_len_hint, watermark_indices, "
                         "dist_key_in_pk, cleaned_by_watermark) SELECT 18, 'new_state', 'INTERNAL', 16, columns, pk, "
                         "distribution_key, stream_key, append_only, 3, value_indices, definition, "
                         "handle_pk_conflict_behavior, read_prefix_len_hint, watermark_indices, dist_key_in_pk, "
                         "cleaned_by_watermark FROM \"table\" WHERE table_id = 24; SET session_replication_role = origin;");
    refused(altered, "the job changed after the backup");
  }
  SECTION("a state table's object is gone in live, and so is the schema the backup has it in")
  {
    // A restore puts back the object rows of the job's tables, never a database or schema.
    SeedScenario scenario("v2_8");
    scenario.backup.execute("INSERT INTO object (oid, obj_type, owner_id, database_id) VALUES (900, 'SCHEMA', 1, 1); "
                            "INSERT INTO schema (schema_id, name) VALUES (900, 'elsewhere'); "
                            "UPDATE object SET schema_id = 900 WHERE oid = 18;");
    scenario.live.execute("DELETE FROM object WHERE oid = 18");
    refused(scenario, "object 18 is missing in live and its schema_id 900 is too");
  }
  SECTION("the backup's own rows are corrupt")
  {
    SeedScenario scenario("v3_0_3");
    scenario.backup.execute("UPDATE streaming_job SET parallelism = '\"Sometimes\"' WHERE job_id = 16");
    // With --yes the backup's checks run beside the writes and refuse before the commit; a
    // dry run waits for them and refuses in its plan.
    refused(scenario, "the backup's own rows are inconsistent");
    const TempDir dir;
    const auto dry = restore(scenario, dir, {"--dry-run"});
    INFO(dry.out << dry.err);
    CHECK(dry.code == 32);
    CHECK(contains(dry.out, "the backup's own rows are inconsistent: [job-parallelism-invalid]"));
  }
  SECTION("a protobuf value the backup would restore is malformed")
  {
    // The edge into job 16 is keyed by its source fragment, which belongs to the upstream job,
    // so the backup's checks of job 16 do not see it; the restore validates every protobuf value
    // it would write (its in-transaction verification leaves the blob scan out).
    SeedScenario scenario("head");
    scenario.backup.execute("UPDATE fragment_relation SET output_type_mapping = '\\x0a05' WHERE target_fragment_id IN "
                            "(SELECT fragment_id FROM fragment WHERE job_id = 16) AND source_fragment_id NOT IN "
                            "(SELECT fragment_id FROM fragment WHERE job_id = 16)");
    {
      pqxx::connection connection(fmt::format("dbname={}", scenario.backup.name()));
      pqxx::nontransaction tx(connection);
      REQUIRE(tx.exec1("SELECT count(*) FROM fragment_relation WHERE output_type_mapping = '\\x0a05'")[0].as<int>() > 0);
    }
    refused(scenario, "has a output_type_mapping that is not well-formed protobuf");
  }
  SECTION("a healthy job whose rows live has, byte for byte: nothing to do")
  {
    const test::ScratchDatabase backup("v2_8");
    const auto live = test::ScratchDatabase::copy_of(backup);
    const auto result = run_cli({"repair", "restore", "-d", live.name(), "--job", "24", "--from", backup.name(), "--yes",
                                 "--undo-file", "unused.json"});
    INFO(result.out << result.err);
    CHECK(result.code == 0);
    CHECK(contains(result.out, "live already has every row of job 24's fragment graph, byte for byte as the backup; "
                               "nothing to do"));
    CHECK_FALSE(test::file_exists("unused.json"));
  }
}

// A neighbour that is already broken would fail the after run, which reads for the restored job
// and every neighbour (RestorePlan::check_scope): the plan refuses at once (32), naming the job
// to repair first, and the dry run says so too. A clean neighbour's new finding involves a
// restored row, so the run for the restored job finds it and the restore rolls back (8). Job 24
// reads fragment 3 of job 16 through a NO_SHUFFLE edge into its fragment 8, its only edge.
TEST_CASE("a restore next to a broken neighbour is refused; one that breaks a neighbour is rolled back",
          "[db][restore]")
{
  SECTION("the neighbour was inconsistent before")
  {
    SeedScenario scenario("head");
    scenario.live.execute("UPDATE streaming_job SET parallelism = '\"Sometimes\"' WHERE job_id = 24");
    not_restored(scenario, "neighbour job 24 is already broken, and the checks after the restore would roll it "
                           "back: [job-parallelism-invalid]", 32);
    const TempDir dir;
    const auto dry = restore(scenario, dir, {"--dry-run"});
    INFO(dry.out << dry.err);
    CHECK(dry.code == 32);
    CHECK(contains(dry.out + dry.err, "repair job 24 first"));
  }
  SECTION("the neighbour was inconsistent before, in a check that reads no table the restore writes")
  {
    // job-status-invalid reads streaming_job alone, and job 24's row is not one the restore writes.
    SeedScenario scenario("head");
    scenario.live.execute("UPDATE streaming_job SET job_status = 'PAUSED' WHERE job_id = 24");
    not_restored(scenario, "neighbour job 24 is already broken, and the checks after the restore would roll it "
                           "back: [job-status-invalid]", 32);
  }
  SECTION("the restored edge makes a clean neighbour inconsistent")
  {
    SeedScenario scenario("head");
    // job 24's fragment 8 and its tables move to 128 vnodes together: consistent on their own,
    // but not with the no_shuffle edge from job 16's fragment 3 that the restore brings back
    scenario.live.execute("UPDATE fragment SET vnode_count = 128 WHERE fragment_id = 8; "
                          "UPDATE \"table\" SET vnode_count = 128 WHERE table_id IN (24, 25)");
    const auto neighbour = run_cli({"check", "-d", scenario.live.name(), "--job", "24", "--quiet"});
    INFO(neighbour.out << neighbour.err);
    REQUIRE(neighbour.code == 0);
    rolled_back(scenario, "the repair did not verify, so it was rolled back: after it, [no-shuffle-incompatible]");
    rolled_back(scenario, "(the repair would have created it)");
  }
}

// The after run reads for the restored job and its neighbours, and returns a finding about a
// third job when it involves a neighbour's rows; such a finding that was there before the
// restore is compared with the store as it was (RestoreBefore in repair_executor.cpp), read by
// a second connection on the repair's snapshot, or before the writes when there is none.
// Fragment 5 of job 19 (no neighbour of job 16) lists state table 25 of neighbour job 24.
TEST_CASE("a restore compares what its after run finds with the store as it was before", "[db][restore]")
{
  SeedScenario scenario("head");
  scenario.live.execute("UPDATE fragment SET state_table_ids = '[19, 25]' WHERE fragment_id = 5");
  const auto old_finding = "fragment 5 of job 19 lists state table 25, which belongs to job 24";
  const TempDir dir;
  std::vector<std::string> args = {"repair", "restore", "--job", "16", "--from", scenario.backup.name(), "--yes",
                                   "--no-audit-table", "--undo-file", dir.file("undo.json")};
  std::string role; // the backup is read as the test's own role
  SECTION("read on a second connection")
  {
    args.insert(args.end(), {"-d", scenario.live.name()});
  }
  SECTION("read before the writes when the role may open only one more connection")
  {
    role = fmt::format("rwdt_restore_{}", getpid());
    scenario.live.execute(fmt::format("CREATE ROLE {0} LOGIN CONNECTION LIMIT 1; GRANT USAGE ON SCHEMA public TO {0}; "
                                      "GRANT ALL ON ALL TABLES IN SCHEMA public TO {0}; "
                                      "GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {0};",
                                      role));
    args.insert(args.end(), {"-d", fmt::format("dbname={} user={}", scenario.live.name(), role)});
  }
  const auto result = run_cli(args);
  INFO(result.out << result.err);
  CHECK(result.code == 1);
  const auto report = test::check_database(scenario.live.name());
  INFO(test::describe(report));
  CHECK(contains(test::describe(report), old_finding));
  CHECK_FALSE(contains(test::describe(report), "job 16 "));
  if (!role.empty()) {
    scenario.live.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
  }
}

TEST_CASE("edges to a downstream job dropped since the backup are left out and listed", "[db][restore]")
{
  SeedScenario scenario("v3_0_3");
  // job 24 read from job 16; it was dropped (as RisingWave would) after the backup was taken
  scenario.live.execute("DELETE FROM object WHERE oid IN (24, 25)");
  const TempDir dir;
  const auto dry = restore(scenario, dir, {"--dry-run"});
  INFO(dry.out << dry.err);
  CHECK(dry.code == 4);
  CHECK(contains(dry.out, "left out (not restored):"));
  CHECK(contains(dry.out, "-> 8: fragment 8 no longer exists in live"));
  const auto result = restore(scenario, dir, {"--yes"});
  INFO(result.out << result.err);
  CHECK(result.code == 1);
  const auto report = test::check_database(scenario.live.name());
  INFO(test::describe(report));
  CHECK(checks::verdict(report) == ExitCode::clean);
}

TEST_CASE("restore plans: dry run, JSON, saved plan applied with --from, stale plan refused", "[db][restore]")
{
  SeedScenario scenario("v2_4");
  const TempDir dir;
  const auto before = test::dump_meta_tables(scenario.live.name());
  const auto json = restore(scenario, dir, {"--dry-run", "--format", "json", "--plan-out", dir.file("plan.json")});
  INFO(json.out << json.err);
  REQUIRE(json.code == 4);
  const auto plan = nlohmann::json::parse(json.out);
  CHECK(plan["action"] == "restore");
  CHECK(plan["row_counts"]["fragment"] == 2);
  CHECK(plan["row_counts"]["actor"].get<int>() >= 2); // legacy actors on v2.4
  CHECK(plan["refusals"].empty());
  CHECK_FALSE(contains(json.out, "password"));
  CHECK(test::dump_meta_tables(scenario.live.name()) == before);

  CHECK(run_cli({"apply", dir.file("plan.json"), "--yes", "-d", scenario.live.name()}).code == 16); // needs --from

  SECTION("the saved plan applies")
  {
    const auto applied = run_cli({"apply", dir.file("plan.json"), "--yes", "-d", scenario.live.name(), "--from",
                                  scenario.backup.name(), "--undo-file", dir.file("undo.json")});
    INFO(applied.out << applied.err);
    CHECK(applied.code == 1);
    CHECK(test::dump_meta_tables(scenario.live.name()) == test::dump_meta_tables(scenario.backup.name()));
  }
  SECTION("a plan whose backup rows changed is stale")
  {
    scenario.backup.execute("UPDATE fragment SET vnode_count = 128 WHERE fragment_id = 2; "
                            "UPDATE fragment SET vnode_count = 128 WHERE fragment_id = 3");
    const auto applied = run_cli({"apply", dir.file("plan.json"), "--yes", "-d", scenario.live.name(), "--from",
                                  scenario.backup.name(), "--undo-file", dir.file("undo.json")});
    INFO(applied.out << applied.err);
    CHECK(applied.code == 32);
    CHECK(test::dump_meta_tables(scenario.live.name()) == before);
  }
}

TEST_CASE("restore usage errors", "[cli][restore][bad-input]")
{
  const auto usage = [](std::vector<std::string> args, const std::string& part) {
    const auto result = run_cli(std::move(args));
    INFO(result.err);
    CHECK(result.code == 16);
    CHECK(contains(result.err, part));
  };
  usage({"repair", "restore", "--job", "16", "--yes"}, "needs --from");
  usage({"repair", "restore", "--job", "16", "--from", "x"}, "needs --dry-run or --yes");
  usage({"repair", "restore", "--from", "x", "--yes"}, "needs --job ID");
  CHECK(run_cli({"repair", "restore", "--help"}).code == 0);
}

TEST_CASE("a live row with other content is never overwritten; --keep-live keeps it", "[db][restore]")
{
  const test::ScratchDatabase backup("v3_0_3");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute("SET session_replication_role = replica; DELETE FROM fragment WHERE job_id = 16; "
               "SET session_replication_role = origin; UPDATE \"table\" SET retention_seconds = 77 WHERE table_id = 16;");
  const auto before = test::dump_meta_tables(live.name());
  const TempDir dir;
  const auto refused_result = run_cli({"repair", "restore", "-d", live.name(), "--job", "16", "--from", backup.name(),
                                       "--yes", "--undo-file", dir.file("undo.json")});
  INFO(refused_result.err);
  CHECK(refused_result.code == 32);
  CHECK(contains(refused_result.err, "table row (16) exists in live with other content"));
  CHECK(contains(refused_result.err + refused_result.out, "--keep-live table:16"));
  CHECK(test::dump_meta_tables(live.name()) == before);

  const auto kept = run_cli({"repair", "restore", "-d", live.name(), "--job", "16", "--from", backup.name(), "--yes",
                             "--keep-live", "table:16", "--undo-file", dir.file("undo.json")});
  INFO(kept.out << kept.err);
  CHECK(kept.code == 1);
  CHECK(contains(kept.out, "kept as it is in live"));
  pqxx::connection connection(fmt::format("dbname={}", live.name()));
  pqxx::nontransaction tx(connection);
  CHECK(tx.exec1("SELECT retention_seconds FROM \"table\" WHERE table_id = 16")[0].as<int>() == 77);
  CHECK(tx.exec1("SELECT count(*) FROM fragment WHERE job_id = 16")[0].as<int>() == 2);
}
