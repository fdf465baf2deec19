// The benchmark's generator at scale S (1k jobs, 10k fragments, 8 KiB blobs): check, drop and
// restore stay correct on a large, varied catalog, not only on the 12-job demo. 100 leaf jobs
// lose their fragments; half are dropped, half restored, and everything is undone again.
#include "check_helpers.hpp"
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "synthetic_catalog.hpp"

#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <pqxx/pqxx>

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

} // namespace rwdoctor::test
