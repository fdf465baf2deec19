// CheckSelection::share_with_sibling: a repair's "before" run deals its checks between the
// repair's connection and a sibling on the same snapshot. The report must be exactly the one
// a single connection gives: findings in the same order, the same failed checks with the same
// errors, and a sibling that cannot connect only costs speed.
#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "db/meta_store_session.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"
#include "synthetic_catalog.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <unistd.h>

using namespace rwdoctor;

namespace {

// Everything a report says, one line per check outcome and per finding, in report order.
std::string
describe_report(const checks::CheckReport& report)
{
  const auto id = [](const std::optional<int>& value) { return value ? std::to_string(*value) : std::string("-"); };
  std::string text;
  for (const auto& outcome : report.checks) {
    text += fmt::format("check {} {} {} [{}] [{}]\n", outcome.id, checks::to_string(outcome.status), outcome.findings,
                        outcome.error, outcome.note);
  }
  for (const auto& finding : report.findings) {
    text += fmt::format("finding {} {} job {} fragment {} object {} database {} {} | {}\n", finding.check,
                        checks::to_string(finding.severity), id(finding.job_id), id(finding.fragment_id),
                        id(finding.object_id), id(finding.database_id), finding.name.value_or("-"), finding.message);
  }
  for (const auto& warning : report.warnings) {
    text += fmt::format("warning {}\n", warning);
  }
  return text;
}

checks::CheckReport
run(const db::ConnectionOptions& options, checks::CheckSelection selection, bool share)
{
  db::MetaStoreSession session(options);
  selection.share_with_sibling = share;
  return checks::run_checks(session, checks::Catalogue::builtin(), selection, nullptr);
}

// A synthetic catalog with findings from many checks: leaf jobs without fragments, malformed
// protobuf, a job with a bad parallelism and an edge that crosses databases' NO_SHUFFLE rules.
void
break_store(const test::ScratchDatabase& store)
{
  test::grow_synthetic_catalog(store, test::SyntheticShape{6, 3, 0, 3});
  test::break_leaf_jobs(store, 4, 3);
  store.execute("UPDATE fragment SET stream_node = '\\x0a05' WHERE fragment_id IN "
                "(SELECT fragment_id FROM fragment ORDER BY fragment_id DESC LIMIT 2); "
                "UPDATE streaming_job SET parallelism = '\"Sometimes\"' WHERE job_id = "
                "(SELECT min(job_id) FROM streaming_job); "
                "UPDATE \"table\" SET fragment_id = NULL WHERE table_id = "
                "(SELECT max(table_id) FROM \"table\" WHERE fragment_id IS NOT NULL)");
}

} // namespace

TEST_CASE("checks shared with a sibling report exactly what one connection reports", "[db][jobs][sibling]")
{
  for (const std::string generation : {"v2_4", "head"}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase store(generation);
      break_store(store);
      db::ConnectionOptions options;
      options.dbname = store.name();

      checks::CheckSelection whole;
      const auto one = run(options, whole, false);
      REQUIRE(one.findings.size() >= 8);
      CHECK(describe_report(run(options, whole, true)) == describe_report(one));

      // A repair's scoped run, and a run of a few checks (one is not shared: nothing to deal).
      checks::CheckSelection scoped;
      scoped.scope_jobs = std::set<int>{16, 17, 46, 47, 76};
      CHECK(describe_report(run(options, scoped, true)) == describe_report(run(options, scoped, false)));
      checks::CheckSelection few;
      few.check_ids = {"job-without-fragments", "job-parallelism-invalid"};
      CHECK(describe_report(run(options, few, true)) == describe_report(run(options, few, false)));
      few.check_ids = {"job-without-fragments"};
      CHECK(describe_report(run(options, few, true)) == describe_report(run(options, few, false)));
    }
  }
}

TEST_CASE("checks shared with a sibling that cannot connect or cannot read", "[db][jobs][sibling][bad-input]")
{
  const test::ScratchDatabase store("v3_0_3");
  break_store(store);
  const auto role = fmt::format("rwdt_sibling_{}", getpid());
  db::ConnectionOptions options;
  options.dbname = store.name();
  options.user = role;

  SECTION("a role that may open only one connection reads on one, and says so")
  {
    store.execute(fmt::format("CREATE ROLE {0} LOGIN CONNECTION LIMIT 1; GRANT USAGE ON SCHEMA public TO {0}; "
                              "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0};",
                              role));
    const auto one = run(options, {}, false);
    // The first run's backend ends on the server a moment after its session closes; under
    // CONNECTION LIMIT 1 the second run's first connection must not meet it.
    test::wait_until_no_clients(store.name(), true);
    const auto shared = run(options, {}, true);
    REQUIRE(shared.warnings.size() == one.warnings.size() + 1);
    CHECK_THAT(shared.warnings.front(), Catch::Contains("checking on one connection")
                                          && Catch::Contains("too many connections"));
    auto without_warning = shared;
    without_warning.warnings.erase(without_warning.warnings.begin());
    CHECK(describe_report(without_warning) == describe_report(one));
  }
  SECTION("tables the role cannot read fail the same checks with the same errors")
  {
    store.execute(fmt::format("CREATE ROLE {0} LOGIN; GRANT USAGE ON SCHEMA public TO {0}; "
                              "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0}; "
                              "REVOKE SELECT ON subscription, object_dependency FROM {0};",
                              role));
    const auto one = run(options, {}, false);
    const auto failed = std::count_if(one.checks.begin(), one.checks.end(), [](const checks::CheckOutcome& outcome) {
      return outcome.status == checks::CheckStatus::failed;
    });
    CHECK(failed >= 3);
    for (int attempt = 0; attempt < 3; ++attempt) {
      CHECK(describe_report(run(options, {}, true)) == describe_report(one));
    }
  }
  store.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
}
