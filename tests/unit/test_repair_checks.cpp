// The verdict a repair's after run gets (verify_after_repair), the checks that make a job a
// candidate for a repair (candidate_check_selection) and the checks a restore's "before" is read
// for (checks_with_inconsistencies).
#include "core/error.hpp"
#include "repair/repair_checks.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using rwdoctor::OperationalError;
using rwdoctor::checks::CheckReport;
using rwdoctor::checks::CheckStatus;
using rwdoctor::checks::Finding;
using rwdoctor::checks::Repair;
using rwdoctor::checks::Severity;
using rwdoctor::repair::inconsistency_keys;
using rwdoctor::repair::candidate_check_selection;
using rwdoctor::repair::checks_with_inconsistencies;
using rwdoctor::repair::verify_after_repair;

namespace {

Finding
finding(const std::string& check, Severity severity, std::optional<int> job, std::optional<int> object = std::nullopt)
{
  Finding found;
  found.check = check;
  found.severity = severity;
  found.job_id = job;
  found.object_id = object ? object : job;
  found.message = check + " finding";
  return found;
}

CheckReport
report_of(std::vector<Finding> findings)
{
  CheckReport report;
  report.findings = std::move(findings);
  return report;
}

} // namespace

TEST_CASE("a repair verifies when it leaves nothing about what it repaired and creates nothing", "[repair]")
{
  const auto before = report_of({finding("job-without-fragments", Severity::critical, 16),
                                 finding("object-orphaned", Severity::warning, 40)});
  const auto keys = inconsistency_keys(before);

  SECTION("the repaired job is clean, another job's old finding stays")
  {
    CHECK_NOTHROW(verify_after_repair(keys, report_of({finding("object-orphaned", Severity::warning, 40)}), {16}));
  }
  SECTION("info findings never refuse")
  {
    CHECK_NOTHROW(verify_after_repair(keys, report_of({finding("edge-cross-database", Severity::info, 16)}), {16}));
  }
  SECTION("a finding about the repaired job refuses, even one that was there before")
  {
    CHECK_THROWS_WITH(verify_after_repair(keys, report_of({finding("job-without-fragments", Severity::critical, 16)}), {16}),
                      Catch::Contains("(it was there before the repair and still is after it)"));
  }
  SECTION("a finding about a neighbour refuses, as an object too")
  {
    CHECK_THROWS_AS(verify_after_repair(keys, report_of({finding("object-orphaned", Severity::warning, 40)}), {16, 40}),
                    OperationalError);
    CHECK_THROWS_AS(
      verify_after_repair(keys, report_of({finding("object-type-mismatch", Severity::critical, std::nullopt, 40)}),
                          {16, 40}),
      OperationalError);
  }
  SECTION("a new finding about any other job refuses")
  {
    CHECK_THROWS_WITH(
      verify_after_repair(keys, report_of({finding("state-table-mismatch", Severity::error, 52)}), {16}),
      Catch::Contains("the repair did not verify, so it was rolled back: after it, [state-table-mismatch]"));
    CHECK_THROWS_WITH(verify_after_repair(keys, report_of({finding("state-table-mismatch", Severity::error, 52)}), {16}),
                      Catch::Contains("(the repair would have created it)"));
  }
  SECTION("a check that could not run refuses")
  {
    auto after = report_of({});
    after.checks.push_back({"state-table-mismatch", CheckStatus::failed, 0, "canceling statement", "", ""});
    CHECK_THROWS_AS(verify_after_repair(keys, after, {16}), OperationalError);
  }
}

TEST_CASE("a job is a restore candidate by the checks that offer restore-fragments or restore-rows, read for the jobs",
          "[repair]")
{
  const auto selection = candidate_check_selection(Repair::restore_fragments, {16, 17});
  CHECK(selection.check_ids
        == std::vector<std::string>{"job-without-fragments", "relation-without-job", "state-table-mismatch",
                                    "dml-fragment-invalid", "job-without-state-table", "dependency-invalid",
                                    "actor-missing", "backfill-orders-invalid",
                                    // a sink's own target_table from the backup
                                    "sink-target-lost",
                                    // a parameter's value from the backup: about no job, so the
                                    // job filter keeps none of its findings
                                    "system-parameter-invalid"});
  CHECK(selection.job_ids == std::set<int>{16, 17});
  CHECK(selection.scope_jobs == std::set<int>{16, 17});
  const auto drop = candidate_check_selection(Repair::drop_job, {16});
  CHECK(std::find(drop.check_ids.begin(), drop.check_ids.end(), "job-without-fragments") != drop.check_ids.end());
  CHECK(std::find(drop.check_ids.begin(), drop.check_ids.end(), "dml-fragment-invalid") == drop.check_ids.end());
}

TEST_CASE("a restore's before is read for the checks with an inconsistency after, in catalogue order", "[repair]")
{
  const auto after = report_of({
    finding("state-table-mismatch", Severity::error, 24),
    finding("edge-cross-database", Severity::info, 38), // info: never compared
    finding("job-without-fragments", Severity::critical, 16),
    finding("state-table-mismatch", Severity::error, 25),
  });
  CHECK(checks_with_inconsistencies(after) == std::vector<std::string>{"job-without-fragments", "state-table-mismatch"});
  CHECK(checks_with_inconsistencies(report_of({finding("edge-cross-database", Severity::info, 38)})).empty());
}
