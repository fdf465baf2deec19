// `rwdoctor check --connections N` (alias --jobs): blob-malformed's scan as binary COPY on
// connections of its own that share the main connection's snapshot. The report must be byte for byte the one-connection report, in
// every outcome: findings, a failed scan, siblings that cannot connect.
#include "checks/analyzers.hpp"
#include "checks/blob_scan.hpp"
#include "core/error.hpp"
#include "cli_runner.hpp"
#include "db/meta_store_session.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;

namespace {

// Malformed protobuf in several columns of several tables (so several workers find some),
// and a job without fragments (a finding from another check, ordered around them).
void
break_blobs(const test::ScratchDatabase& store, const std::string& generation)
{
  store.execute("UPDATE fragment SET stream_node = '\\x0a05' WHERE fragment_id IN "
                "(SELECT fragment_id FROM fragment WHERE job_id <> 16 ORDER BY fragment_id LIMIT 3); "
                "UPDATE \"table\" SET columns = '\\xff' WHERE table_id = 24; "
                "UPDATE source SET source_info = '\\x12' WHERE source_id = (SELECT min(source_id) FROM source); "
                "DELETE FROM fragment WHERE job_id = 16");
  // v2.4 keeps actor rows; later generations have dispatcher type mappings on the edges
  store.execute(generation == "v2_4"
                  ? "UPDATE actor SET vnode_bitmap = '\\x0a0a01' WHERE actor_id = (SELECT min(actor_id) FROM actor "
                    "WHERE vnode_bitmap IS NOT NULL)"
                  : "UPDATE fragment_relation SET output_type_mapping = '\\x0a0a01' "
                    "WHERE (source_fragment_id, target_fragment_id) = (SELECT source_fragment_id, target_fragment_id "
                    "FROM fragment_relation ORDER BY 1, 2 LIMIT 1)");
}

std::vector<std::string>
check_args(const std::string& conninfo, const std::string& format, int jobs)
{
  return {"check", "-d", conninfo, "--format", format, "--connections", std::to_string(jobs)};
}

// `check --format json` with --jobs 1 and then with each of `jobs`, as a reader role created
// with `role_options` and then changed by `grants` ({0} is the role).
std::pair<test::CliResult, std::vector<test::CliResult>>
one_and_parallel(const test::ScratchDatabase& store, const std::string& role_options, const std::string& grants,
                 const std::vector<int>& jobs)
{
  const auto role = fmt::format("rwdt_jobs_{}", getpid());
  store.execute(fmt::format("CREATE ROLE {0} LOGIN {1}; GRANT USAGE ON SCHEMA public TO {0}; "
                            "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0}; ",
                            role, role_options)
                + fmt::format(grants, role));
  const auto conninfo = fmt::format("dbname={} user={}", store.name(), role);
  std::pair<test::CliResult, std::vector<test::CliResult>> results;
  results.first = run_cli(check_args(conninfo, "json", 1));
  for (const int n : jobs) {
    // A run's backends end on the server a moment after it exits; under a CONNECTION LIMIT
    // the next run must not meet them.
    test::wait_until_no_clients(store.name(), true);
    results.second.push_back(run_cli(check_args(conninfo, "json", n)));
  }
  store.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
  return results;
}

} // namespace

TEST_CASE("check --jobs N reports exactly what one connection reports", "[db][cli][jobs]")
{
  for (const std::string generation : {"v2_4", "head"}) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase store(generation);
      break_blobs(store, generation);
      for (const std::string format : {"json", "text"}) {
        const auto one = run_cli(check_args(store.name(), format, 1));
        INFO(one.err);
        REQUIRE(one.code == 4);
        if (format == "json") {
          const auto document = nlohmann::json::parse(one.out);
          int malformed = 0;
          for (const auto& finding : document["findings"]) {
            malformed += finding["check"] == "blob-malformed" ? 1 : 0;
          }
          CHECK(malformed >= 5);
        }
        for (const int jobs : {2, 3, 8}) {
          const auto parallel = run_cli(check_args(store.name(), format, jobs));
          INFO(format << " --jobs " << jobs << "\n" << parallel.err);
          CHECK(parallel.code == one.code);
          CHECK(parallel.out == one.out);
          CHECK(parallel.err == one.err);
        }
        // the default (two connections on a machine with two cores)
        const auto by_default = run_cli({"check", "-d", store.name(), "--format", format});
        CHECK(by_default.code == one.code);
        CHECK(by_default.out == one.out);
        CHECK(by_default.err == one.err);
      }
    }
  }
}

TEST_CASE("a sibling session reads the snapshot of the session that exported it", "[db][session][jobs]")
{
  const test::ScratchDatabase store("head");
  db::ConnectionOptions options;
  options.dbname = store.name();
  db::MetaStoreSession session(options);
  const auto snapshot = session.export_snapshot();
  // committed after the snapshot was taken: neither session may see it
  store.execute("UPDATE fragment SET stream_node = '\\x0a05' WHERE fragment_id = 2");
  auto sibling = session.open_sibling(snapshot);
  const auto facts = sibling->schema_facts();
  checks::SessionBlobSource source(*sibling);
  CHECK(checks::analyze_blobs(facts, source).empty());
  // a fresh session sees the change
  db::MetaStoreSession fresh(options);
  checks::SessionBlobSource fresh_source(fresh);
  CHECK(checks::analyze_blobs(fresh.schema_facts(), fresh_source).size() == 1);

  CHECK_THROWS_AS(session.open_sibling("00000000-DEADBEEF-1"), OperationalError);

  // a binary COPY reader on the same snapshot: the same bytes as the text scan, nothing of
  // the later change
  auto reader = session.open_blob_copy_session(snapshot);
  std::vector<std::pair<int, std::string>> by_copy;
  reader->scan_bytea("fragment", "fragment_id", "stream_node",
                     [&](int key, std::string_view bytes) { by_copy.emplace_back(key, bytes); });
  std::vector<std::pair<int, std::string>> by_cursor;
  sibling->scan_bytea("fragment", "fragment_id", "stream_node",
                      [&](int key, std::string_view bytes) { by_cursor.emplace_back(key, bytes); });
  REQUIRE(by_copy.size() > 10);
  CHECK(by_copy == by_cursor);
  CHECK_THROWS_AS(session.open_blob_copy_session("00000000-DEADBEEF-1"), OperationalError);
}

TEST_CASE("a binary COPY reader stays usable after a scan that stopped or failed", "[db][session][jobs][bad-input]")
{
  const test::ScratchDatabase store("head");
  // blobs of a few MiB, so a stopped scan leaves much of the COPY in flight
  store.execute("UPDATE fragment SET stream_node = stream_node || pg_catalog.decode(pg_catalog.repeat('0a00', 600000), "
                "'hex') WHERE fragment_id IN (SELECT fragment_id FROM fragment ORDER BY fragment_id LIMIT 8)");
  db::ConnectionOptions options;
  options.dbname = store.name();
  db::MetaStoreSession session(options);
  auto reader = session.open_blob_copy_session(session.export_snapshot());
  const auto count_rows = [&](const std::string& table, const std::string& key, const std::string& column) {
    std::size_t rows = 0;
    reader->scan_bytea(table, key, column, [&](int, std::string_view) { ++rows; });
    return rows;
  };
  const auto all = count_rows("fragment", "fragment_id", "stream_node");
  REQUIRE(all > 8);

  struct Stop
  {
  };
  std::size_t seen = 0;
  CHECK_THROWS_AS(reader->scan_bytea("fragment", "fragment_id", "stream_node",
                                     [&](int, std::string_view) {
                                       if (++seen == 2) {
                                         throw Stop{};
                                       }
                                     }),
                  Stop);
  CHECK(seen == 2);
  CHECK(count_rows("fragment", "fragment_id", "stream_node") == all);

  // a table that does not exist: the server's error, then the next scan works
  try {
    count_rows("no_such_table", "id", "blob");
    FAIL("no error");
  } catch (const OperationalError& error) {
    CHECK(contains(error.what(), "cannot read \"no_such_table\".blob"));
    CHECK(contains(error.what(), "does not exist"));
  }
  CHECK(count_rows("fragment", "fragment_id", "stream_node") == all);
}

TEST_CASE("check --jobs N with siblings that cannot connect or cannot read", "[db][cli][jobs][bad-input]")
{
  const test::ScratchDatabase store("v3_0_3");
  break_blobs(store, "v3_0_3");

  SECTION("a role that may open only one connection checks with one, and says so")
  {
    const auto [one, runs] = one_and_parallel(store, "CONNECTION LIMIT 1", "", {2});
    const auto& parallel = runs.front();
    INFO(parallel.err);
    CHECK(one.code == 4);
    CHECK(parallel.code == one.code);
    CHECK(parallel.out == one.out);
    CHECK(contains(parallel.err, "rwdoctor: warning: --connections 2: checking with 1 connection(s)"));
    CHECK(contains(parallel.err, "too many connections"));
    // without --connections the default's second connection is not missed aloud
    const auto role = fmt::format("rwdt_jobs_{}", getpid()); // the name one_and_parallel used
    store.execute(fmt::format("CREATE ROLE {0} LOGIN CONNECTION LIMIT 1; GRANT USAGE ON SCHEMA public TO {0}; "
                              "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0};",
                              role));
    test::wait_until_no_clients(store.name(), true);
    const auto by_default =
      run_cli({"check", "-d", fmt::format("dbname={} user={}", store.name(), role), "--format", "json"});
    store.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
    CHECK(by_default.code == one.code);
    CHECK(by_default.out == one.out);
    CHECK_FALSE(contains(by_default.err, "warning"));
  }
  SECTION("a protobuf table the role cannot read fails the same checks with the same errors")
  {
    // Two protobuf columns of source fail, on whichever workers happen to scan them; the
    // report names the first in list order (source.columns), as one connection does.
    const auto [one, runs] = one_and_parallel(store, "", "REVOKE SELECT ON source FROM {0};", {2, 3, 3, 4, 8, 8});
    INFO(one.err);
    CHECK(one.code == 8);
    const auto document = nlohmann::json::parse(one.out);
    std::string blob_error;
    for (const auto& check : document["checks"]) {
      if (check["id"] == "blob-malformed" && check["status"] == "failed") {
        blob_error = check["error"].get<std::string>();
      }
    }
    CHECK(contains(blob_error, "cannot read \"source\".columns: permission denied"));
    for (const auto& parallel : runs) {
      CHECK(parallel.code == one.code);
      CHECK(parallel.out == one.out);
      CHECK(parallel.err == one.err);
    }
  }
}

TEST_CASE("check --connections (alias --jobs) takes 1 to 16 connections", "[cli][jobs][bad-input]")
{
  for (const std::string option : {"--connections", "--jobs"}) {
    for (const std::string bad : {"0", "-2", "two", "17", "1000", "99999999999"}) {
      const auto result = run_cli({"check", "-d", "unused", option, bad});
      INFO(option << " " << bad << ": " << result.err);
      CHECK(result.code == 16);
      CHECK(contains(result.err, option + " takes"));
      CHECK(contains(result.err, "HINT: "));
    }
  }
  const auto both = run_cli({"check", "-d", "unused", "--connections", "2", "--jobs", "2"});
  CHECK(both.code == 16);
  CHECK(contains(both.err, "--connections and --jobs are the same option"));
  // -j is gone: next to --job it was a trap.
  const auto short_form = run_cli({"check", "-d", "unused", "-j", "2"});
  CHECK(short_form.code == 16);
}
