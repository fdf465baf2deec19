// The benchmark's generator at scale S (1k jobs, 10k fragments, 8 KiB blobs): check, drop and
// restore stay correct on a large, varied catalog, not only on the 12-job demo. 100 leaf jobs
// lose their fragments; half are dropped, half restored, and everything is undone again.
#include "check_helpers.hpp"
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "synthetic_catalog.hpp"
#include "temporary_directory.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <fstream>
#include <map>
#include <set>

namespace rwdoctor::test {

TEST_CASE("scale S: check, drop and restore of 100 broken jobs", "[db][scale]")
{
  for (const std::string generation : {"v2_4", "head"}) {
    DYNAMIC_SECTION(generation)
    {
      // NO_SHUFFLE ensembles of up to 8 fragments in the widened jobs, broken ones among them
      const SyntheticShape scale_s{82, 14, 8192, 7, 8};
      ScratchDatabase healthy(generation);
      grow_synthetic_catalog(healthy, scale_s);
      const auto healthy_report = check_database(healthy.name());
      INFO("healthy catalog:\n" << describe(healthy_report));
      REQUIRE(healthy_report.findings.empty());
      const auto units = UnitMap::read(healthy.name(), scale_s.copies);

      const auto live = ScratchDatabase::copy_of(healthy);
      const auto broken = break_leaf_jobs(live, 100, scale_s.seed);
      const auto broken_dump = dump_meta_tables(live.name());

      // Every broken job is reported, and nothing outside the broken jobs' units is.
      const auto report = check_database(live.name());
      std::set<int> reported;
      std::set<int> broken_units;
      for (const int job : broken) {
        checks::Finding about_job;
        about_job.job_id = job;
        broken_units.insert(units.unit_of(about_job).value());
      }
      for (const auto& finding : report.findings) {
        if (finding.check == "job-without-fragments" && finding.severity == checks::Severity::critical) {
          reported.insert(*finding.job_id);
        }
        const auto unit = units.unit_of(finding);
        INFO(finding.check << ": " << finding.message);
        CHECK((unit && broken_units.count(*unit) == 1));
      }
      CHECK(reported == std::set<int>(broken.begin(), broken.end()));

      // Half dropped, half restored from the healthy copy: one repair per action and RisingWave
      // database (a plan never spans databases), undo files kept in order.
      std::map<int, int> database_of;
      {
        pqxx::connection connection(fmt::format("dbname={}", healthy.name()));
        pqxx::read_transaction tx(connection);
        for (const auto& row : tx.exec("SELECT oid, database_id FROM object WHERE database_id IS NOT NULL")) {
          database_of[row[0].as<int>()] = row[1].as<int>();
        }
      }
      std::map<std::pair<std::string, int>, std::vector<std::string>> jobs_per_repair;
      for (std::size_t i = 0; i < broken.size(); ++i) {
        const std::string action = i % 2 == 0 ? "drop" : "restore";
        auto& args = jobs_per_repair[{action, database_of.at(broken[i])}];
        args.push_back("--job");
        args.push_back(std::to_string(broken[i]));
      }
      const TemporaryDirectory directory;
      std::vector<std::string> undo_files;
      for (const auto& [repair, jobs] : jobs_per_repair) {
        const auto undo_file = directory.file(fmt::format("{}-{}.json", repair.first, repair.second));
        std::vector<std::string> args = {"repair", repair.first, "--yes", "--undo-file", undo_file, "-d", live.name()};
        if (repair.first == "drop") {
          args.insert(args.end(), {"--max-objects", "100000"});
        } else {
          args.insert(args.end(), {"--from", "dbname=" + healthy.name()});
        }
        args.insert(args.end(), jobs.begin(), jobs.end());
        const auto result = run_cli(args);
        INFO(repair.first << " in database " << repair.second << ":\n" << result.out << result.err);
        REQUIRE(result.code == 1);
        undo_files.push_back(undo_file);
      }
      const auto repaired_report = check_database(live.name());
      INFO("after the repairs:\n" << describe(repaired_report));
      for (const auto& finding : repaired_report.findings) {
        INFO(finding.check << ": " << finding.message);
        CHECK((generation != "head" && is_orphaned_extra_state_table(finding, scale_s.copies)));
      }

      // All undone, newest first: the broken state, byte for byte.
      for (auto file = undo_files.rbegin(); file != undo_files.rend(); ++file) {
        INFO("undo " << *file);
        REQUIRE(run_cli({"undo", *file, "--yes", "-d", live.name()}).code == 0);
      }
      CHECK(dump_difference(broken_dump, dump_meta_tables(live.name())).empty());
    }
  }
}

} // namespace rwdoctor::test

namespace rwdoctor::test {
namespace {

// The check ids of the rows bench/sql/dba_hand_check.sql returns on `dbname` (its first column),
// run as bench/run.sh runs it: psql, one file, one transaction.
std::set<std::string>
hand_sql_check_ids(const std::string& dbname)
{
  const auto outcome = run_process({"/bin/sh", "-c",
                                    "exec psql -X -q -v ON_ERROR_STOP=1 -A -t -d \"$0\" -f \"$1\"", dbname,
                                    std::string(RWDOCTOR_SOURCE_DIR) + "/bench/sql/dba_hand_check.sql"});
  INFO(outcome.describe());
  REQUIRE(outcome.exit_code == 0);
  std::set<std::string> ids;
  std::size_t begin = 0;
  while (begin < outcome.out.size()) {
    const auto end = outcome.out.find('\n', begin);
    const auto line = outcome.out.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    if (!line.empty()) {
      ids.insert(line.substr(0, line.find('|')));
    }
    begin = end == std::string::npos ? outcome.out.size() : end + 1;
  }
  return ids;
}

} // namespace

// The benchmark's second baseline must test what check tests, or its ratio means nothing: no
// rows on healthy head stores (the demo, a synthetic catalog with wide fan-in), and on the
// incident demo exactly the check ids of check's inconsistencies, but for the checks whose
// invariant lives in protobuf (the file's header names them).
TEST_CASE("a DBA's hand SQL of the benchmark agrees with check on head stores", "[db][bench]")
{
  const ScratchDatabase demo("head");
  CHECK(hand_sql_check_ids(demo.name()).empty());

  const ScratchDatabase synthetic("head");
  SyntheticShape shape;
  shape.copies = 3;
  shape.width = 4;
  shape.fan_in = 6;
  shape.ensemble = 4;
  grow_synthetic_catalog(synthetic, shape);
  CHECK(hand_sql_check_ids(synthetic.name()).empty());

  const ScratchDatabase incident("head");
  incident.execute(read_source_file("sql/demo/incident.sql"));
  const auto report = check_database(incident.name());
  std::set<std::string> expected;
  for (const auto& finding : report.findings) {
    if (checks::counts_as_inconsistency(finding.severity)) {
      expected.insert(finding.check);
    }
  }
  for (const char* in_protobuf : {"blob-malformed", "stream-node-mismatch", "split-duplicated"}) {
    expected.erase(in_protobuf);
  }
  REQUIRE_FALSE(expected.empty());
  CHECK(hand_sql_check_ids(incident.name()) == expected);
}

// bench/sql/incident_shape.sql, the store bench/incident.sh measures check and guard on: every
// incident its header lists is where it says (the i-th of kind i on unit 1 + i * copies /
// incidents), the jobs in flight and INITIAL jobs are there, the shared sources have their extra
// readers, and Hummock has stats for the copied state tables. Check reports the same with two
// connections as with one (with two, the blob scan's connection takes up the checks the run has
// not reached once its scan is done).
TEST_CASE("the benchmark's incident shape holds the incidents it names", "[db][bench]")
{
  const ScratchDatabase store("head");
  SyntheticShape shape;
  shape.copies = 16;
  shape.width = 2;
  grow_synthetic_catalog(store, shape);
  store.execute("SET rwdoctor_synth.copies = 16; SET rwdoctor_synth.in_flight = 200; "
                "SET rwdoctor_synth.initial_jobs = 3; SET rwdoctor_synth.readers = 4; "
                "SET rwdoctor_synth.incidents = 8; SET client_min_messages = warning; " +
                read_source_file("bench/sql/incident_shape.sql"));

  const auto report = check_database(store.name());
  std::set<std::pair<std::string, int>> found;
  for (const auto& finding : report.findings) {
    if (const auto subject = finding.object_id ? finding.object_id : finding.job_id) {
      found.emplace(finding.check, *subject);
    }
  }
  const auto unit = [](int i) { return 1 + i * 16 / 8; };
  CHECK(found.count({"job-without-fragments", unit_object_id(16, unit(0))}) == 1);
  CHECK(found.count({"object-database-invalid", unit_object_id(14, unit(1))}) == 1);
  CHECK(found.count({"relation-without-job", unit_object_id(41, unit(3))}) == 1);
  CHECK(found.count({"state-table-mismatch", unit_object_id(18, unit(4))}) == 1);
  CHECK(found.count({"split-duplicated", unit_object_id(14, unit(5))}) == 1);
  CHECK(found.count({"object-type-mismatch", unit_object_id(28, unit(6))}) == 1);
  CHECK(found.count({"fragment-without-job", unit_object_id(28, unit(7))}) == 1);

  pqxx::connection connection(fmt::format("dbname={}", store.name()));
  pqxx::read_transaction tx(connection);
  const auto count = [&](const std::string& sql) { return tx.exec1(sql)[0].as<int>(); };
  const int max_demo_oid = unit_object_id(43, 16);
  // kind 2: one object row beyond every copied and INITIAL one, with nothing else
  CHECK(count(fmt::format("SELECT count(*) FROM object o WHERE o.oid > {} AND NOT EXISTS "
                          "(SELECT 1 FROM streaming_job sj WHERE sj.job_id = o.oid) AND NOT EXISTS "
                          "(SELECT 1 FROM \"table\" t WHERE t.table_id = o.oid)",
                          max_demo_oid)) >= 1);
  CHECK(count("SELECT count(*) FROM streaming_job WHERE job_status = 'INITIAL'") == 3);
  CHECK(count("SELECT count(*) FROM streaming_job WHERE job_status = 'CREATING'") > 0);
  CHECK(count("SELECT count(*) FROM streaming_job WHERE job_status = 'CREATING' AND create_type = 'BACKGROUND'") > 0);
  CHECK(count(fmt::format("SELECT count(*) FROM object_dependency WHERE oid = {} AND used_by <> {}",
                          unit_object_id(14, 4), unit_object_id(16, 4))) == 3);
  CHECK(count(fmt::format("SELECT count(*) FROM hummock_version_stats WHERE id = 0 AND stats ? '{}'",
                          unit_object_id(16, 16))) == 1);
  tx.commit();

  CHECK(run_cli({"guard", "-d", store.name()}).code == 4);
  // job-stuck's messages say how long a job has been in flight: compared without them
  const auto findings_with = [&](const std::string& connections) {
    const auto run = run_cli({"check", "-d", store.name(), "--format", "json", "--connections", connections});
    REQUIRE(run.code == 4);
    auto findings = nlohmann::json::parse(run.out)["findings"];
    for (auto& finding : findings) {
      finding.erase("message");
    }
    return findings;
  };
  const auto single = findings_with("1");
  CHECK(single.size() == report.findings.size());
  CHECK(findings_with("2") == single);
}

// bench/statement-costs.awk on a log excerpt in the throwaway server's format (log_line_prefix
// '%m [%p] %q%u@%d ', statements over several lines): a check's DECLARE and its cursor's FETCHes
// and CLOSE sum under the check's id, per backend (two backends may use one cursor name), parse
// and bind and execute of one statement under one name, the blob COPY by table and column, an
// embedded query by its header's first line, savepoints under one name whatever their number;
// DETAIL lines and lines without a duration count nothing.
TEST_CASE("bench/statement-costs.awk sums a server log by statement", "[bench]")
{
  const TemporaryDirectory directory;
  const auto log = directory.file("server.log");
  {
    std::ofstream out(log);
    out << "2026-12-07 23:49:36.001 UTC [100] postgres@m LOG:  duration: 0.500 ms  parse <unnamed>: DECLARE "
           "\"rwdoctor_check_cursor_3\" NO SCROLL CURSOR FOR /* rwdoctor check relation-without-job */ WITH\n"
           "\t    release AS (SELECT 1)\n"
           "2026-12-07 23:49:36.002 UTC [100] postgres@m LOG:  duration: 1.500 ms  execute <unnamed>: DECLARE "
           "\"rwdoctor_check_cursor_3\" NO SCROLL CURSOR FOR /* rwdoctor check relation-without-job */ WITH\n"
           "\t    release AS (SELECT 1)\n"
           "2026-12-07 23:49:36.003 UTC [100] postgres@m DETAIL:  parameters: $1 = NULL\n"
           "2026-12-07 23:49:36.004 UTC [100] postgres@m LOG:  duration: 200.000 ms  statement: FETCH 16 FROM "
           "\"rwdoctor_check_cursor_3\"\n"
           "2026-12-07 23:49:36.005 UTC [101] postgres@m LOG:  duration: 7.000 ms  statement: DECLARE "
           "\"rwdoctor_check_cursor_3\" NO SCROLL CURSOR FOR /* rwdoctor check state-table-mismatch */ SELECT 1\n"
           "2026-12-07 23:49:36.006 UTC [101] postgres@m LOG:  duration: 93.000 ms  statement: FETCH 16 FROM "
           "\"rwdoctor_check_cursor_3\"\n"
           "2026-12-07 23:49:36.007 UTC [100] postgres@m LOG:  duration: 0.300 ms  statement: CLOSE "
           "\"rwdoctor_check_cursor_3\"\n"
           "2026-12-07 23:49:36.008 UTC [102] postgres@m LOG:  duration: 2808.718 ms  statement: COPY (SELECT "
           "\"fragment_id\"::int4, \"stream_node\" FROM \"fragment\" WHERE \"stream_node\" IS NOT NULL ORDER BY "
           "\"fragment_id\") TO STDOUT (FORMAT binary)\n"
           "2026-12-07 23:49:36.009 UTC [100] postgres@m LOG:  duration: 40.000 ms  execute <unnamed>: -- Names, "
           "types and status of the catalog objects that findings are about ($1: int array).\n"
           "\t-- The name lives in the object's type row\n"
           "\tSELECT 1\n"
           "2026-12-07 23:49:36.010 UTC [100] postgres@m LOG:  duration: 0.100 ms  statement: SAVEPOINT "
           "\"rwdoctor_check_4\"\n"
           "2026-12-07 23:49:36.011 UTC [100] postgres@m LOG:  duration: 0.300 ms  statement: SAVEPOINT "
           "\"rwdoctor_check_5\"\n"
           "2026-12-07 23:49:36.012 UTC [100] postgres@m LOG:  checkpoint starting: time\n";
  }
  const auto run = run_process({"/usr/bin/awk", "-f", std::string(RWDOCTOR_SOURCE_DIR) + "/bench/statement-costs.awk", log});
  INFO(run.describe());
  REQUIRE(run.exited);
  REQUIRE(run.exit_code == 0);
  CHECK(run.out == "2808.7\t1\tblob scan fragment.stream_node\n"
                   "202.3\t4\tcheck relation-without-job\n"
                   "100.0\t2\tcheck state-table-mismatch\n"
                   "40.0\t1\t-- Names, types and status of the catalog objects that findings are abou\n"
                   "0.4\t2\tSAVEPOINT \"rwdoctor_check_N\"\n");
}

} // namespace rwdoctor::test
