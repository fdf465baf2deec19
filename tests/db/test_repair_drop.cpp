// `rwdoctor repair drop`, `apply` and `undo` against real meta stores of every generation:
// what is removed, what refuses, the undo round trip, saved plans and sealed files.
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
#include <fstream>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;
using TempDir = test::TemporaryDirectory;

namespace {


// Drops `args` (with --yes) and expects success, a clean check, and an undo that restores
// the database byte for byte.
void
drop_verify_and_undo(const test::ScratchDatabase& database, std::vector<std::string> args)
{
  const TempDir dir;
  const auto before = test::dump_meta_tables(database.name());
  const auto undo = dir.file("undo.json");
  args.insert(args.begin(), {"repair", "drop", "-d", database.name()});
  args.insert(args.end(), {"--yes", "--undo-file", undo});
  const auto dropped = run_cli(args);
  INFO(dropped.out << dropped.err);
  REQUIRE(dropped.code == 1);
  CHECK(contains(dropped.out, "undo file: " + undo));

  const auto report = test::check_database(database.name());
  INFO(test::describe(report));
  CHECK(checks::verdict(report) == ExitCode::clean);

  struct stat info {};
  REQUIRE(stat(undo.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);

  const auto undone = run_cli({"undo", undo, "-d", database.name(), "--yes"});
  INFO(undone.out << undone.err);
  REQUIRE(undone.code == 0);
  // The audit rows live in their own schema; the meta tables are back byte for byte.
  CHECK(test::dump_meta_tables(database.name()) == before);
}

} // namespace

TEST_CASE("the seed job is dropped completely and undo restores it byte for byte", "[db][repair]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION("a leaf materialized view without fragments on " << generation)
    {
      const test::ScratchDatabase database(generation);
      database.execute("DELETE FROM fragment WHERE job_id = 24");
      drop_verify_and_undo(database, {"--job", "24"});
    }
    DYNAMIC_SECTION("mv_orders and its dependents with --cascade on " << generation)
    {
      const test::ScratchDatabase database(generation);
      database.execute("DELETE FROM fragment WHERE job_id = 16");
      drop_verify_and_undo(database, {"--job", "16", "--cascade"});
      CHECK(test::count(database.name(), "SELECT count(*) FROM object WHERE oid IN (16, 17, 18, 24, 33)") == 5);
    }
    DYNAMIC_SECTION("a set spanning two databases, split per database, on " << generation)
    {
      const test::ScratchDatabase database(generation);
      // job 39 lives in database shop; a dependency on job 16 pulls it into the set
      database.execute("DELETE FROM fragment WHERE job_id = 16; INSERT INTO object_dependency (oid, used_by) VALUES "
                       "(16, 39);");
      const auto dry = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--dry-run"});
      INFO(dry.out << dry.err);
      CHECK(dry.code == 4);
      CHECK(contains(dry.out, " -- database 1"));
      CHECK(contains(dry.out, " -- database 8"));
      drop_verify_and_undo(database, {"--job", "16", "--cascade"});
    }
  }
}

TEST_CASE("a dropped sink into a table leaves its target's incoming_sinks and Union, as DROP SINK does", "[db][repair]")
{
  for (const std::string generation : {"v2_4", "v2_8"}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase database(generation);
      // Sink 31 (into table 30) lost its fragments: its Merge in table 30's Union now reads a
      // fragment that is gone, and the drop takes the sink out of the table's plan.
      database.execute("DELETE FROM fragment WHERE job_id = 31");
      const auto union_inputs = "SELECT length(stream_node) FROM fragment WHERE fragment_id = 11";
      const int plan_bytes = test::count(database.name(), union_inputs);
      const auto dry = run_cli({"repair", "drop", "-d", database.name(), "--job", "31", "--dry-run"});
      INFO(dry.out << dry.err);
      CHECK(dry.code == 4);
      if (generation == "v2_4") {
        CHECK(contains(dry.out, "UPDATE \"table\" SET incoming_sinks = '[]' WHERE table_id = 30;"));
        CHECK(contains(dry.out, "UPDATE fragment SET stream_node = $1 WHERE fragment_id = 11;"));
      } else {
        // v2.7 dropped incoming_sinks; the sink's input is wired through UpstreamSinkUnion
        CHECK_FALSE(contains(dry.out, "incoming_sinks"));
        CHECK_FALSE(contains(dry.out, "UPDATE fragment"));
      }
      drop_verify_and_undo(database, {"--job", "31"});
      // drop_verify_and_undo undid the drop; drop again and look at the rows
      const TempDir dir;
      const auto dropped = run_cli({"repair", "drop", "-d", database.name(), "--job", "31", "--yes", "--undo-file",
                                    dir.file("undo.json")});
      REQUIRE(dropped.code == 1);
      if (generation == "v2_4") {
        CHECK(test::count(database.name(), "SELECT count(*) FROM \"table\" WHERE table_id = 30 AND incoming_sinks = '[]'")
              == 1);
        CHECK(test::count(database.name(), union_inputs) < plan_bytes - 100);
      } else {
        CHECK(test::count(database.name(), union_inputs) == plan_bytes);
      }
    }
  }
}

TEST_CASE("a job with internal tables and a connector source leaves no orphan object", "[db][repair]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase database(generation);
      // Its fragments gone but its table rows kept (the DML fragment key forbids a plain delete).
      database.execute("SET session_replication_role = replica; DELETE FROM fragment WHERE job_id = 19; "
                       "SET session_replication_role = origin;");
      const TempDir dir;
      const auto result = run_cli({"repair", "drop", "-d", database.name(), "--job", "19", "--cascade", "--yes",
                                   "--undo-file", dir.file("undo.json")});
      INFO(result.out << result.err);
      REQUIRE(result.code == 1);
      CHECK(test::count(database.name(), "SELECT count(*) FROM object WHERE oid IN (19, 20, 21, 22, 23)") == 0);
      const auto report = test::check_database(database.name());
      INFO(test::describe(report));
      CHECK(checks::verdict(report) == ExitCode::clean);
    }
  }
}

TEST_CASE("dependents refuse without --cascade and go with it", "[db][repair]")
{
  const test::ScratchDatabase database("v3_0_3");
  database.execute("DELETE FROM fragment WHERE job_id = 16");
  const auto before = test::dump_meta_tables(database.name());
  const TempDir dir;
  const auto refused = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--yes", "--undo-file",
                                dir.file("undo.json")});
  CHECK(refused.code == 32);
  CHECK(contains(refused.err, "objects depend on the jobs to drop"));
  CHECK(contains(refused.err, "--cascade"));
  CHECK(test::dump_meta_tables(database.name()) == before);
  CHECK(access(dir.file("undo.json").c_str(), F_OK) != 0);

  const auto dry = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--dry-run"});
  CHECK(dry.code == 32);
  CHECK(contains(dry.out, "TABLE 24 (dev.public.\"Top Customers\")"));
  CHECK(contains(dry.out, "SINK 31 (dev.\"Sales \"\"Ops\"\"\".orders_to_archive)"));
  // The job's own repair, a restore, keeps its dependents: it comes first, --cascade second.
  CHECK(contains(dry.out, "a restore from a backup keeps them: rwdoctor repair restore --job 16 --from BACKUP "
                          "--dry-run (without a backup, --cascade drops them with the job)"));

  const auto cascaded = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--yes",
                                 "--undo-file", dir.file("undo2.json")});
  INFO(cascaded.out << cascaded.err);
  CHECK(cascaded.code == 1);
  CHECK(test::count(database.name(), "SELECT count(*) FROM object WHERE oid IN (16, 24, 26, 28, 29, 31, 33)") == 0);
  // the sink into table 30 went, the table itself stays
  CHECK(test::count(database.name(), "SELECT count(*) FROM object WHERE oid = 30") == 1);
}

TEST_CASE("plans that must not run are refused and change nothing", "[db][repair]")
{
  const test::ScratchDatabase database("head");
  const TempDir dir;
  const auto refused = [&](std::vector<std::string> args, const std::string& reason) {
    const auto before = test::dump_meta_tables(database.name());
    args.insert(args.begin(), {"repair", "drop", "-d", database.name()});
    args.insert(args.end(), {"--yes", "--undo-file", dir.file("never.json")});
    const auto result = run_cli(args);
    INFO(result.out << result.err);
    CHECK(result.code == 32);
    CHECK(contains(result.err, reason));
    CHECK(contains(result.err, "HINT: "));
    CHECK(test::dump_meta_tables(database.name()) == before);
    CHECK(access(dir.file("never.json").c_str(), F_OK) != 0);
  };
  SECTION("a healthy job")
  {
    refused({"--job", "24"}, "job 24 has no finding that drop-job repairs");
  }
  SECTION("a job that does not exist")
  {
    refused({"--job", "999999"}, "job 999999 does not exist (already dropped?)");
    // A dry run of a mistyped id says why and stops: no empty sections of a plan.
    const auto dry = run_cli({"repair", "drop", "-d", database.name(), "--job", "999999", "--dry-run"});
    INFO(dry.out << dry.err);
    CHECK(dry.code == 32);
    CHECK(contains(dry.out, "job 999999 does not exist (already dropped?)"));
    CHECK(contains(dry.out, "nothing to drop: the plan has no objects (see why above)"));
    CHECK_FALSE(contains(dry.out, "objects to remove:"));
    CHECK_FALSE(contains(dry.out, "temporary index"));
  }
  SECTION("more objects than --max-objects")
  {
    database.execute("DELETE FROM fragment WHERE job_id = 16");
    refused({"--job", "16", "--cascade", "--max-objects", "3"}, "more than --max-objects 3");
  }
  SECTION("a delete that would cascade into a healthy job")
  {
    // job 24 lost its table row (drop-job applies), and the state table 40 of job 39 points
    // at fragment 8 of job 24 by mistake: deleting 24 would cascade into job 39
    database.execute("SET session_replication_role = replica; DELETE FROM \"table\" WHERE table_id = 24; "
                     "SET session_replication_role = origin; UPDATE \"table\" SET fragment_id = 8 WHERE table_id = 40;");
    refused({"--job", "24"}, "the delete would reach beyond the plan");
  }
}

TEST_CASE("dry runs change nothing and show everything", "[db][repair]")
{
  const test::ScratchDatabase database("v2_8");
  database.execute("DELETE FROM fragment WHERE job_id = 16");
  const auto before = test::dump_meta_tables(database.name());
  const auto text = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--dry-run"});
  INFO(text.out << text.err);
  CHECK(text.code == 4);
  CHECK(contains(text.out, "DELETE FROM pending_sink_state WHERE sink_id IN ("));
  CHECK(contains(text.out, "DELETE FROM object WHERE oid IN (16, 17, 18, 24"));
  CHECK(contains(text.out, "rows that will disappear"));
  CHECK(contains(text.out, "not cleaned by SQL"));
  CHECK(contains(text.out, "orphan object left by 16"));
  const auto json = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--dry-run",
                             "--format", "json"});
  CHECK(json.code == 4);
  const auto plan = nlohmann::json::parse(json.out);
  CHECK(plan["format"] == "rwdoctor-plan");
  CHECK(plan["action"] == "drop");
  CHECK(plan["refusals"].empty());
  CHECK(plan["row_counts"]["object"] == 16);
  CHECK(plan["row_counts"]["pending_sink_state"] == 2);
  CHECK(plan["preconditions"][0]["check"] == "job-without-fragments");
  CHECK(test::dump_meta_tables(database.name()) == before);
}

TEST_CASE("saved plans apply once and go stale when the store moves", "[db][repair]")
{
  const test::ScratchDatabase database("v3_0_3");
  database.execute("DELETE FROM fragment WHERE job_id = 24");
  const TempDir dir;
  const auto plan_path = dir.file("plan.json");
  const auto planned = run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--dry-run", "--plan-out", plan_path});
  REQUIRE(planned.code == 4);
  struct stat info {};
  REQUIRE(stat(plan_path.c_str(), &info) == 0);

  SECTION("a fresh plan applies")
  {
    const auto applied = run_cli({"apply", plan_path, "--yes", "-d", database.name(), "--undo-file", dir.file("u.json")});
    INFO(applied.out << applied.err);
    CHECK(applied.code == 1);
    CHECK(test::count(database.name(), "SELECT count(*) FROM object WHERE oid = 24") == 0);
  }
  SECTION("a stale plan is refused")
  {
    database.execute("UPDATE streaming_job SET timezone = 'Europe/Berlin' WHERE job_id = 24");
    const auto before = test::dump_meta_tables(database.name());
    const auto applied = run_cli({"apply", plan_path, "--yes", "-d", database.name(), "--undo-file", dir.file("u.json")});
    CHECK(applied.code == 32);
    CHECK(contains(applied.err, "the plan is stale"));
    CHECK(test::dump_meta_tables(database.name()) == before);
  }
  SECTION("a tampered plan is refused")
  {
    auto text = test::read_text_file(plan_path);
    text.replace(text.find("\"cascade\": false"), 16, "\"cascade\": true ");
    test::write_text_file(plan_path, text);
    const auto applied = run_cli({"apply", plan_path, "--yes", "-d", database.name()});
    CHECK(applied.code == 32);
    CHECK(contains(applied.err, "does not match its checksum"));
  }
  SECTION("apply without --yes off a terminal is a usage error")
  {
    CHECK(run_cli({"apply", plan_path, "-d", database.name()}).code == 16);
  }
}

TEST_CASE("undo files are sealed: tampered, truncated, foreign and reused ones are refused", "[db][repair]")
{
  const test::ScratchDatabase database("head");
  database.execute("DELETE FROM fragment WHERE job_id = 24");
  const TempDir dir;
  const auto undo = dir.file("undo.json");
  REQUIRE(run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file", undo}).code == 1);
  const auto after_drop = test::dump_meta_tables(database.name());
  const auto original = test::read_text_file(undo);
  const auto refused = [&](const std::string& contents, const std::string& reason) {
    const auto path = dir.file("bad.json");
    test::write_text_file(path, contents);
    const auto result = run_cli({"undo", path, "--yes", "-d", database.name()});
    INFO(result.err);
    CHECK(result.code == 32);
    CHECK(contains(result.err, reason));
    CHECK(test::dump_meta_tables(database.name()) == after_drop);
  };
  auto tampered = original;
  tampered.replace(tampered.find("\"24\""), 4, "\"25\"");
  refused(tampered, "does not match its checksum");
  refused(original.substr(0, original.size() / 2), "not a complete JSON document");
  refused("{\"format\": \"something-else\"}", "is not an rwdoctor undo file");
  auto versioned = original;
  versioned.replace(versioned.find("\"format_version\": 2"), 19, "\"format_version\": 9");
  refused(versioned, "format_version 9");

  REQUIRE(run_cli({"undo", undo, "--yes", "-d", database.name()}).code == 0);
  const auto restored = test::dump_meta_tables(database.name());
  // Used twice: the second time has nothing to do, says when the first one ran, and writes
  // no second audit row.
  const auto again = run_cli({"undo", undo, "--yes", "-d", database.name()});
  INFO(again.out << again.err);
  CHECK(again.code == 0);
  CHECK(contains(again.out, "already undone at"));
  CHECK(contains(again.out, "(audit row 2); nothing to do"));
  CHECK(test::dump_meta_tables(database.name()) == restored);
  CHECK(test::count(database.name(), "SELECT count(*) FROM rwdoctor.repair_log WHERE action = 'undo'") == 1);
}

TEST_CASE("the undo file must be written before anything changes", "[db][repair]")
{
  const test::ScratchDatabase database("v3_0_3");
  database.execute("DELETE FROM fragment WHERE job_id = 24");
  const auto before = test::dump_meta_tables(database.name());
  const TempDir dir;
  test::write_text_file(dir.file("a-file"), "x");
  SECTION("a path below a regular file")
  {
    const auto result = run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file",
                                 dir.file("a-file/undo.json")});
    CHECK(result.code == 8);
    CHECK(contains(result.err, "cannot"));
    CHECK(contains(result.err, "HINT: "));
  }
  SECTION("an existing undo file is never overwritten")
  {
    const auto result =
      run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file", dir.file("a-file")});
    CHECK(result.code == 8);
    CHECK(contains(result.err, "File exists"));
    CHECK(test::read_text_file(dir.file("a-file")) == "x");
  }
  CHECK(test::dump_meta_tables(database.name()) == before);
}

TEST_CASE("the audit row records the repair without secrets", "[db][repair]")
{
  const test::ScratchDatabase database("v2_4");
  database.execute("DELETE FROM fragment WHERE job_id = 24");
  const TempDir dir;
  const auto uri = fmt::format("postgresql://postgres:audit-s3cret@/{}?host={}", database.name(),
                               std::getenv("PGHOST") != nullptr ? std::getenv("PGHOST") : "");
  const auto result = run_cli({"repair", "drop", "-d", uri, "--job", "24", "--yes", "--ticket", "INC-4711",
                               "--undo-file", dir.file("undo.json")});
  INFO(result.out << result.err);
  REQUIRE(result.code == 1);
  CHECK_FALSE(contains(result.out + result.err, "audit-s3cret"));
  pqxx::connection connection(fmt::format("dbname={}", database.name()));
  pqxx::nontransaction tx(connection);
  const auto row = tx.exec1("SELECT action, ticket, arguments, undo_file, row_counts::text, plan_hash FROM rwdoctor.repair_log");
  CHECK(std::string(row[0].c_str()) == "drop");
  CHECK(std::string(row[1].c_str()) == "INC-4711");
  CHECK_FALSE(contains(row[2].c_str(), "audit-s3cret"));
  CHECK(contains(row[2].c_str(), "--job 24"));
  CHECK(std::string(row[3].c_str()) == dir.file("undo.json"));
  CHECK(contains(row[4].c_str(), "\"object\": 2"));
  CHECK(contains(row[5].c_str(), "sha256:"));
  CHECK_FALSE(contains(test::read_text_file(dir.file("undo.json")), "audit-s3cret"));

  const test::ScratchDatabase other("v2_4");
  other.execute("DELETE FROM fragment WHERE job_id = 24");
  REQUIRE(run_cli({"repair", "drop", "-d", other.name(), "--job", "24", "--yes", "--no-audit-table", "--undo-file",
                   dir.file("undo2.json")})
            .code == 1);
  CHECK(test::count(other.name(), "SELECT count(*) FROM pg_namespace WHERE nspname = 'rwdoctor'") == 0);
}

TEST_CASE("repair usage errors", "[cli][repair][bad-input]")
{
  const auto usage = [](std::vector<std::string> args, const std::string& part) {
    const auto result = run_cli(std::move(args));
    INFO(result.err);
    CHECK(result.code == 16);
    CHECK(contains(result.err, part));
    CHECK(contains(result.err, "HINT: "));
  };
  usage({"repair"}, "repair needs an action");
  usage({"repair", "restore-everything"}, "unknown repair action");
  usage({"repair", "drop", "--job", "24"}, "needs --dry-run or --yes");
  usage({"repair", "drop", "--job", "24", "--dry-run", "--yes"}, "exclude each other");
  usage({"repair", "drop", "--yes"}, "needs --job ID");
  usage({"repair", "drop", "--job", "x1", "--yes"}, "--job takes a job id");
  usage({"repair", "drop", "--job", "24", "--yes", "--max-objects", "0"}, "--max-objects takes a positive number");
  usage({"apply"}, "apply needs the plan file");
  usage({"undo"}, "undo needs the undo file");
  CHECK(run_cli({"repair", "drop", "--help"}).code == 0);
}

namespace {

// repair all --yes on `dbname` (dumped as `before`) must repair everything, leave the store
// dumped as `repaired_dump`, and its undo must give `before` back. Returns repair all's output.
std::string
repair_all_then_undo(const std::string& dbname, const std::string& repaired_dump, const std::string& before)
{
  const TempDir dir;
  const auto repaired = run_cli({"repair", "all", "-d", dbname, "--yes", "--undo-file", dir.file("u.json")});
  INFO(repaired.out << repaired.err);
  CHECK(repaired.code == 1);
  CHECK(run_cli({"check", "-d", dbname}).code == 0);
  CHECK(test::dump_meta_tables(dbname) == repaired_dump);
  const auto undone = run_cli({"undo", dir.file("u.json"), "-d", dbname, "--yes"});
  INFO(undone.out << undone.err);
  CHECK(undone.code == 0);
  CHECK(test::dump_meta_tables(dbname) == before);
  return repaired.out;
}

// `check` of `dbname` (one incident, a duplicated split) offers no drop in text and
// recommends the fix, with fix and manual as every finding's repairs, in JSON. Returns the text.
std::string
check_recommends_split_fix(const std::string& dbname)
{
  const auto text = run_cli({"check", "-d", dbname});
  INFO(text.out);
  CHECK(text.code == 4);
  CHECK(contains(text.out, "split-duplicated"));
  CHECK_FALSE(contains(text.out, "repair drop"));
  const auto json = nlohmann::json::parse(run_cli({"check", "-d", dbname, "--format", "json"}).out);
  REQUIRE(json.at("incidents").size() == 1);
  CHECK(json.at("incidents")[0].at("recommended") == "fix");
  for (const auto& finding : json.at("findings")) {
    CHECK(finding.at("repairs") == nlohmann::json::array({"fix", "manual"}));
  }
  return text.out;
}

} // namespace

// The third DBA trial followed WHAT TO DO and a refusal's hint into dropping a healthy shared
// source for a duplicated split. A drop is offered, recommended or hinted at only for a job
// that cannot run (incidents::job_runs); repair drop refuses one that runs unless told so.
TEST_CASE("no advice and no plain repair drop destroys a job that runs", "[db][repair][advice]")
{
  SECTION("a duplicated split of a shared source: no drop anywhere, the list's own fix instead")
  {
    const test::ScratchDatabase database("head");
    const auto healthy = test::dump_meta_tables(database.name());
    database.execute(test::read_source_file("tests/injections/split-duplicated.sql"));
    const auto source = std::to_string(test::count(database.name(), "SELECT job_id FROM fragment WHERE fragment_id = 1"));
    const auto before = test::dump_meta_tables(database.name());

    CHECK(contains(check_recommends_split_fix(database.name()), "rwdoctor repair fix --object " + source));

    for (const auto* cascade : {"", "--cascade"}) {
      const auto with_cascade = [cascade](std::vector<std::string> args) {
        if (*cascade != '\0') {
          args.emplace_back(cascade);
        }
        return args;
      };
      const auto drop = run_cli(with_cascade({"repair", "drop", "-d", database.name(), "--job", source, "--dry-run"}));
      INFO(drop.out << drop.err);
      CHECK(drop.code == 32);
      CHECK(contains(drop.out, "a drop would destroy far more than its findings cost (split-duplicated)"));
      CHECK_FALSE(contains(drop.out, "add --cascade"));
      const auto planned = run_cli(with_cascade({"repair", "all", "-d", database.name(), "--dry-run"}));
      INFO(planned.out << planned.err);
      CHECK(planned.code == 4);
      CHECK_FALSE(contains(planned.out, "DELETE FROM object"));
      CHECK(contains(test::unwrapped(planned.out), "one per split id"));
    }
    CHECK(test::dump_meta_tables(database.name()) == before);

    // repair all --yes rewrites the list as RisingWave's render reads it: one entry per
    // partition (here the row as it was before the duplication), and undo puts the
    // duplicate back.
    repair_all_then_undo(database.name(), healthy, before);
  }

  SECTION("up to v2.6 a split two actors hold: left to the first, taken out of the later one's list")
  {
    for (const std::string generation : {"v2_0", "v2_4"}) {
      DYNAMIC_SECTION(generation)
      {
        const test::ScratchDatabase database(generation);
        // What the fix must leave: the injection's actor 2 holds no split (its own, partition
        // 1, is the source manager's to assign after the start), every other row as healthy.
        const auto repaired = test::ScratchDatabase::copy_of(database);
        repaired.execute("UPDATE actor SET splits = '\\x' WHERE actor_id = 2;");
        database.execute(test::read_source_file("tests/injections/split-duplicated--actor.sql"));
        const auto before = test::dump_meta_tables(database.name());
        CHECK(contains(check_recommends_split_fix(database.name()),
                       "statement: UPDATE actor SET splits = '\\x' WHERE actor_id = 2;"));
        const auto output = repair_all_then_undo(database.name(), test::dump_meta_tables(repaired.name()), before);
        CHECK(contains(test::unwrapped(output),
                       "splits of actor 2 (fragment 1): 1 entry -> 0 entries, each split id left to the first"));
      }
    }
  }

  SECTION("a duplicated split and a wrong database on the same source: one fix repairs both")
  {
    // Both findings are about one job, so they are one incident whose root is the database;
    // the fix of the root alone left the split list, about the job it repaired, and the
    // verification rolled every run back (exit 8).
    const test::ScratchDatabase database("head");
    const auto healthy = test::dump_meta_tables(database.name());
    database.execute(test::read_source_file("tests/injections/split-duplicated.sql"));
    const auto source = std::to_string(test::count(database.name(), "SELECT job_id FROM fragment WHERE fragment_id = 1"));
    database.execute("UPDATE object SET database_id = (SELECT min(oid) FROM object WHERE obj_type = 'SCHEMA') "
                     "WHERE oid = " + source);
    const auto before = test::dump_meta_tables(database.name());
    const auto json = nlohmann::json::parse(run_cli({"check", "-d", database.name(), "--format", "json"}).out);
    std::set<std::string> checks;
    for (const auto& finding : json.at("findings")) {
      checks.insert(finding.at("check").get<std::string>());
    }
    CHECK(checks.count("object-database-invalid") == 1);
    CHECK(checks.count("split-duplicated") == 1);

    CHECK(contains(test::unwrapped(repair_all_then_undo(database.name(), healthy, before)), "one per split id"));
  }

  SECTION("a warning on a job that runs: refused, named, and dropped only when told --drop-running")
  {
    const test::ScratchDatabase database("v2_4");
    database.execute(test::read_source_file("tests/injections/actor-vnode-invalid--under-allocated.sql"));
    const auto before = test::dump_meta_tables(database.name());
    const auto text = run_cli({"check", "-d", database.name()});
    CHECK(text.code == 4);
    CHECK_FALSE(contains(text.out, "repair drop"));

    const TempDir dir;
    const auto refused = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--yes",
                                  "--undo-file", dir.file("undo.json")});
    INFO(refused.out << refused.err);
    CHECK(refused.code == 32);
    CHECK(contains(refused.err, "job 16 (TABLE dev.public.mv_orders, CREATED) runs: none of its findings stops it "
                                "(the worst: actor-vnode-invalid, warning, panic)"));
    CHECK(contains(refused.err, "--drop-running"));
    CHECK(test::dump_meta_tables(database.name()) == before);

    const auto dry = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--dry-run"});
    INFO(dry.out);
    CHECK(dry.code == 32);
    CHECK(contains(dry.out, "objects depend on the jobs to drop: "));
    CHECK_FALSE(contains(dry.out, "add --cascade")); // the drop is not the repair of a job that runs

    const auto told = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--drop-running",
                               "--dry-run"});
    INFO(told.out << told.err);
    CHECK(told.code == 4);
    CHECK(contains(told.out, "rwdoctor repair drop --job 16 --cascade --drop-running"));
    drop_verify_and_undo(database, {"--job", "16", "--cascade", "--drop-running"});
  }
}

// repair all's backup gate, in repair drop: with --from, a job the backup holds is restored,
// not traded away, unless the user names the trade (--drop-unrestorable).
TEST_CASE("repair drop --from refuses a job the backup holds", "[db][repair][advice]")
{
  const test::ScratchDatabase backup("v2_4");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute("DELETE FROM fragment WHERE job_id = 16");
  const auto before = test::dump_meta_tables(live.name());

  const auto dry = run_cli({"repair", "drop", "-d", live.name(), "--job", "16", "--cascade", "--from", backup.name(),
                            "--dry-run"});
  INFO(dry.out << dry.err);
  CHECK(dry.code == 32);
  CHECK(contains(test::unwrapped(dry.out),
                 fmt::format("the backup holds job 16 without its fault, and a drop would trade its rows and state "
                             "away: rwdoctor repair restore --job 16 --from {} -d {} --dry-run shows its restore",
                             backup.name(), live.name())));

  // Without --cascade, the dependents' refusal names this backup, not the placeholder.
  const auto dependents = run_cli({"repair", "drop", "-d", live.name(), "--job", "16", "--from", backup.name(),
                                   "--dry-run"});
  CHECK(dependents.code == 32);
  CHECK(contains(test::unwrapped(dependents.out),
                 fmt::format("a restore from the backup keeps them: rwdoctor repair restore --job 16 --from {} "
                             "-d {} --dry-run",
                             backup.name(), live.name())));
  CHECK_FALSE(contains(dependents.out, "BACKUP"));

  const TempDir dir;
  const auto refused = run_cli({"repair", "drop", "-d", live.name(), "--job", "16", "--cascade", "--from",
                                backup.name(), "--yes", "--undo-file", dir.file("undo.json")});
  INFO(refused.out << refused.err);
  CHECK(refused.code == 32);
  CHECK(test::dump_meta_tables(live.name()) == before);

  // The printed command carries the backup and the trade, so pasting it gates again.
  const auto traded = run_cli({"repair", "drop", "-d", live.name(), "--job", "16", "--cascade", "--from",
                               backup.name(), "--drop-unrestorable", "--dry-run"});
  INFO(traded.out << traded.err);
  CHECK(traded.code == 4);
  CHECK(contains(test::unwrapped(traded.out),
                 fmt::format("rwdoctor repair drop --job 16 --cascade --from {} --drop-unrestorable", backup.name())));
  // Live lost job 16's table row with its fragments: the definition to recreate it is the backup's.
  CHECK(contains(test::unwrapped(traded.out), "; definition (from the backup): CREATE MATERIALIZED VIEW mv_orders"));

  // Without --from the gate has nothing to read: the drop of a job that cannot run is planned.
  const auto plain = run_cli({"repair", "drop", "-d", live.name(), "--job", "16", "--cascade", "--dry-run"});
  CHECK(plain.code == 4);

  const auto alone = run_cli({"repair", "drop", "-d", live.name(), "--job", "16", "--drop-unrestorable", "--dry-run"});
  CHECK(alone.code == 16);
  CHECK(contains(alone.err, "--drop-unrestorable needs --from"));
  CHECK(test::dump_meta_tables(live.name()) == before);
}

// The third trial: an undo of a drop moved two sequences and still said the store was "as it
// was". The rows are; a sequence moved past the ids put back is named.
TEST_CASE("an undo that moves a sequence forward names it", "[db][repair][advice]")
{
  const test::ScratchDatabase database("v3_0_3");
  database.execute("DELETE FROM fragment WHERE job_id = 24; "
                   "SELECT setval(pg_catalog.pg_get_serial_sequence('object', 'oid'), 1, false)");
  const TempDir dir;
  const auto undo = dir.file("undo.json");
  const auto dropped = run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file", undo});
  INFO(dropped.out << dropped.err);
  REQUIRE(dropped.code == 1);
  const auto undone = run_cli({"undo", undo, "-d", database.name(), "--yes"});
  INFO(undone.out << undone.err);
  CHECK(undone.code == 0);
  const auto largest = test::count(database.name(), "SELECT max(oid) FROM object");
  CHECK(contains(test::unwrapped(undone.out),
                 fmt::format("object_oid_seq (to {}) moved forward past the ids put back", largest)));
  CHECK_FALSE(contains(undone.out, "the meta store is as it was"));
  CHECK(test::count(database.name(), "SELECT count(*) FROM object WHERE oid IN (24, 25)") == 2);
}
