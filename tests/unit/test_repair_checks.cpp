// The verdict a repair's after run gets (verify_after_repair) and the jobs a restore's after run
// reads for (verification_scope).
#include "core/error.hpp"
#include "repair/repair_checks.hpp"

#include <catch2/catch.hpp>

using rwdoctor::OperationalError;
using rwdoctor::checks::CheckReport;
using rwdoctor::checks::CheckStatus;
using rwdoctor::checks::Finding;
using rwdoctor::checks::Severity;
using rwdoctor::repair::inconsistency_keys;
using rwdoctor::repair::verification_scope;
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
    CHECK_THROWS_AS(verify_after_repair(keys, report_of({finding("job-without-fragments", Severity::critical, 16)}), {16}),
                    OperationalError);
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
  }
  SECTION("a check that could not run refuses")
  {
    auto after = report_of({});
    after.checks.push_back({"state-table-mismatch", CheckStatus::failed, 0, "canceling statement", ""});
    CHECK_THROWS_AS(verify_after_repair(keys, after, {16}), OperationalError);
  }
}

TEST_CASE("a restore's after run reads for the restored jobs and the neighbours that had an inconsistency",
          "[repair]")
{
  const auto before = report_of({
    finding("job-without-fragments", Severity::critical, 16),
    finding("job-parallelism-invalid", Severity::error, 24),                      // a dirty neighbour
    finding("object-type-mismatch", Severity::critical, std::nullopt, 33),       // a neighbour as object
    finding("edge-cross-database", Severity::info, 38),                          // info: not dirty
    finding("object-orphaned", Severity::warning, 90),                           // not a neighbour
  });
  CHECK(verification_scope(before, {16, 17}, {16, 17, 24, 33, 38, 45}) == std::set<int>{16, 17, 24, 33});
  CHECK(verification_scope(report_of({}), {16}, {16, 24}) == std::set<int>{16});
}
