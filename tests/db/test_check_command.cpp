// `rwdoctor check` end to end through the command line front end, against real databases:
// the seed incident, the JSON contract, selection flags, and bad input of every kind.
#include "check_helpers.hpp"
#include "cli/options.hpp"
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "scratch_database.hpp"
#include "synthetic_catalog.hpp"
#include "util/text.hpp"

#include "hummock/state_inspector.hpp"
#include "report/check_renderer.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>
#include <unistd.h>

#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <sstream>

using namespace rwdoctor;
using test::contains;
using test::run_cli;
using test::CliResult;

namespace {

// A one-line error and one HINT line, nothing else on stderr.
void
check_error_shape(const CliResult& result, const std::string& message_part)
{
  INFO("stderr: " << result.err);
  CHECK(contains(result.err, "rwdoctor: error: "));
  CHECK(contains(result.err, message_part));
  CHECK(contains(result.err, "\nHINT: "));
  CHECK_FALSE(contains(result.err, "terminate called"));
}

const nlohmann::json*
find_finding(const nlohmann::json& document, const std::string& check, int job_id)
{
  for (const auto& finding : document["findings"]) {
    if (finding["check"] == check && finding["job_id"] == job_id) {
      return &finding;
    }
  }
  return nullptr;
}

} // namespace

TEST_CASE("the seed incident is found and explained", "[db][cli]")
{
  for (const bool cascade : {true, false}) {
    DYNAMIC_SECTION((cascade ? "with" : "without") << " the cascade that removes its table rows")
    {
      const test::ScratchDatabase database("v3_0_3");
      const int mv = test::seed_mv_id(database);
      database.execute(fmt::format("{}DELETE FROM fragment WHERE job_id = {}; SET session_replication_role = origin;",
                                   cascade ? "" : "SET session_replication_role = replica; ", mv));
      const auto text = run_cli({"check", "-d", database.name()});
      INFO(text.out << text.err);
      CHECK(text.code == 4);
      CHECK(contains(text.out, fmt::format("INCIDENT 1 of 1, pass 3 (jobs): job {}", mv)));
      CHECK(contains(text.out, fmt::format("[job-without-fragments] job {}", mv)));
      CHECK(contains(text.out, fmt::format("  1. job {}", mv)));
      CHECK(contains(text.out, fmt::format("rwdoctor repair restore --job {} --from BACKUP -d {}", mv, database.name())));
      CHECK(contains(text.out, "purged"));
      CHECK(contains(text.out, "repairs: restore-fragments, drop-job"));
      if (!cascade) {
        CHECK(contains(text.out, "dev.public.mv_orders"));
      }

      const auto json = run_cli({"check", "-d", database.name(), "--format", "json"});
      CHECK(json.code == 4);
      const auto document = nlohmann::json::parse(json.out);
      const auto* finding = find_finding(document, "job-without-fragments", mv);
      REQUIRE(finding != nullptr);
      CHECK((*finding)["severity"] == "critical");
      CHECK((*finding)["consequence"] == "data-loss");
      CHECK((*finding)["object_type"] == "TABLE");
      CHECK((*finding)["job_status"] == "CREATED");
      CHECK((*finding)["database_id"] == 1);
      CHECK((*finding)["repairs"] == nlohmann::json::array({"restore-fragments", "drop-job"}));
      CHECK(document["meta_store"]["generation"] == "v3.0.1–v3.0.3");
      CHECK(document["meta_store"]["migrations"] == 70);
      CHECK(document["summary"]["critical"].get<int>() >= 1);

      const auto explained = run_cli({"explain", "job-without-fragments"});
      CHECK(explained.code == 0);
      CHECK(contains(explained.out, "INV-08"));
    }
  }
}

TEST_CASE("a healthy store exits 0 in text, json and quiet mode", "[db][cli]")
{
  const test::ScratchDatabase database("head");
  const auto text = run_cli({"check", "-d", database.name()});
  INFO(text.out << text.err);
  CHECK(text.code == 0);
  CHECK(contains(text.out, "no inconsistency found"));
  const auto quiet = run_cli({"check", "-d", database.name(), "-q"});
  CHECK(quiet.code == 0);
  CHECK(quiet.out.empty());
  const auto json = run_cli({"check", "-d", database.name(), "--format", "json"});
  CHECK(json.code == 0);
  const auto document = nlohmann::json::parse(json.out);
  CHECK(document["findings"].empty());
  CHECK(document["meta_store"]["generation"] == "head");
}

TEST_CASE("the database as the last argument, as in pg_amcheck; check ids and invariants with suggestions",
          "[db][cli][bad-input]")
{
  const test::ScratchDatabase database("head");
  const int mv = test::seed_mv_id(database);
  database.execute(fmt::format("DELETE FROM fragment WHERE job_id = {}", mv));
  const auto last = run_cli({"check", "--check", "INV-08", database.name()});
  INFO(last.out << last.err);
  CHECK(last.code == 4);
  CHECK(contains(last.out, "job-without-fragments"));
  CHECK(run_cli({"guard", database.name()}).code == 4);
  const auto twice = run_cli({"check", "-d", database.name(), database.name()});
  CHECK(twice.code == 16);
  CHECK(contains(twice.err, "rwdoctor: error: the database is given twice: -d and '"));
  CHECK(contains(twice.err, "\nHINT: Give it once"));
  const auto two_names = run_cli({"check", database.name(), "postgres"});
  CHECK(two_names.code == 16);

  const auto typo = run_cli({"check", database.name(), "--check", "job-without-fragment"});
  CHECK(typo.code == 16);
  CHECK(contains(typo.err, "rwdoctor: error: unknown check 'job-without-fragment' in --check\n"));
  CHECK(contains(typo.err, "HINT: Did you mean 'job-without-fragments'?"));
  const auto explained = run_cli({"explain", "inv-8"});
  CHECK(explained.code == 0);
  CHECK(contains(explained.out, "job-without-fragments (INV-08)"));
  const auto sql = run_cli({"explain", "INV-08", "--sql"});
  CHECK(sql.code == 0);
  CHECK(contains(sql.out, "-- job-without-fragments: main query"));
  const auto unknown = run_cli({"explain", "INV-99"});
  CHECK(unknown.code == 16);
  CHECK(contains(unknown.err, "unknown check 'INV-99'"));
  // --job of a job that is not there is a typo, not a clean store.
  for (const std::string format : {"text", "json"}) {
    const auto typo_job = run_cli({"check", database.name(), "--job", "9999", "--format", format});
    INFO(typo_job.err);
    CHECK(typo_job.code == 16);
    CHECK(typo_job.out.empty());
    CHECK(contains(typo_job.err, "rwdoctor: error: job 9999 does not exist in the meta store\n"));
    CHECK(contains(typo_job.err, "HINT: The nearest job ids to 9999: "));
  }
  const auto two_missing = run_cli({"check", database.name(), "--job", "9998,9999", "--job", std::to_string(mv)});
  CHECK(two_missing.code == 16);
  CHECK(contains(two_missing.err, "jobs 9998, 9999 do not exist"));
  // The job whose fragments are gone still exists: it is what --job is for.
  CHECK(run_cli({"check", database.name(), "--job", std::to_string(mv)}).code == 4);

  const auto allow = run_cli({"guard", database.name(), "--allow", "INV-08"});
  CHECK(allow.code == 0);
  CHECK(contains(allow.err, "--allow job-without-fragments accepts 1 critical finding"));
}

TEST_CASE("check ages unfinished jobs by --stuck-after and warns about a live meta node", "[db][cli]")
{
  const test::ScratchDatabase database("v3_0_3");
  // An INITIAL table job created 5 minutes ago, without fragments yet (T1), its time written
  // as RisingWave writes it: UTC wall-clock time.
  database.execute("INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at) "
                   "VALUES (100, 'TABLE', 1, 2, 1, (now() AT TIME ZONE 'UTC') - interval '5 minutes');"
                   "INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism) "
                   "VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '\"Adaptive\"', 256);");
  const auto stuck_of = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"check", "-d", database.name(), "--check", "job-stuck", "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto result = run_cli(args);
    INFO(result.out << result.err);
    return std::make_pair(result.code, nlohmann::json::parse(result.out));
  };
  const auto [default_code, default_report] = stuck_of({});
  CHECK(default_code == 0);
  CHECK(default_report["findings"].empty());
  for (const auto& threshold : {std::string("4min"), std::string("240s"), std::string("4m")}) {
    const auto [code, report] = stuck_of({"--stuck-after", threshold});
    CHECK(code == 4);
    const auto* finding = find_finding(report, "job-stuck", 100);
    REQUIRE(finding != nullptr);
    CHECK((*finding)["severity"] == "warning");
    CHECK(contains((*finding)["message"].get<std::string>(), "has been INITIAL for 5 min"));
  }
  CHECK(stuck_of({"--stuck-after", "1h"}).first == 0);

  // No heartbeat: no warning. A fresh one: a warning with a HINT; an old one: none.
  const auto quiet = run_cli({"check", "-d", database.name(), "--check", "job-stuck"});
  CHECK_FALSE(contains(quiet.err, "looks alive"));
  database.execute("INSERT INTO election_leader (service, id, last_heartbeat) "
                   "VALUES ('__meta_election_', 'meta-0:5690', now() - interval '10 seconds')");
  const auto alive = run_cli({"check", "-d", database.name(), "--check", "job-stuck"});
  INFO(alive.err);
  CHECK(alive.code == 0);
  CHECK(contains(alive.err, "rwdoctor: warning: the meta leader's last heartbeat is 10 s old"));
  CHECK(contains(alive.err, "the meta node looks alive\nHINT: Stop the meta node before repairing"));
  const auto longer_lease = run_cli({"check", "-d", database.name(), "--check", "job-stuck", "--lease-secs", "5"});
  CHECK_FALSE(contains(longer_lease.err, "looks alive"));
}

namespace {

// Sets an environment variable for one scope (the in-process CLI's libpq reads it at connect).
class ScopedEnvironment
{
public:
  ScopedEnvironment(const char* name, const char* value) : m_name(name)
  {
    const char* old = std::getenv(name);
    if (old != nullptr) {
      m_old = old;
    }
    ::setenv(name, value, 1);
  }
  ~ScopedEnvironment()
  {
    if (m_old) {
      ::setenv(m_name, m_old->c_str(), 1);
    } else {
      ::unsetenv(m_name);
    }
  }
  ScopedEnvironment(const ScopedEnvironment&) = delete;
  ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
  const char* m_name;
  std::optional<std::string> m_old;
};

} // namespace

// RisingWave's sessions are UTC (sqlx sends TimeZone=UTC), so initialized_at is UTC wall-clock
// time whatever the server's zone; rwdoctor's age must not move with the database's zone or PGTZ.
TEST_CASE("job-stuck ages jobs in UTC east and west of it, under the database's zone and PGTZ", "[db][cli]")
{
  const test::ScratchDatabase database("head");
  // Job 100: planned a minute ago. Job 101: stuck for two hours. No foreground backfill runs.
  database.execute("INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at) VALUES "
                   "(100, 'TABLE', 1, 2, 1, (now() AT TIME ZONE 'UTC') - interval '1 minute'), "
                   "(101, 'TABLE', 1, 2, 1, (now() AT TIME ZONE 'UTC') - interval '2 hours');"
                   "INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism) "
                   "VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '\"Adaptive\"', 256), "
                   "(101, 'INITIAL', 'FOREGROUND', 'UTC', '\"Adaptive\"', 256);");
  const auto require_utc_ages = [&] {
    const auto result = run_cli({"check", "-d", database.name(), "--check", "job-stuck", "--format", "json"});
    INFO(result.out << result.err);
    CHECK(result.code == 4);
    const auto report = nlohmann::json::parse(result.out);
    CHECK(find_finding(report, "job-stuck", 100) == nullptr);
    const auto* stuck = find_finding(report, "job-stuck", 101);
    REQUIRE(stuck != nullptr);
    CHECK((*stuck)["severity"] == "warning");
    const auto message = (*stuck)["message"].get<std::string>();
    CHECK((contains(message, "has been INITIAL for 2 h 0 min") || contains(message, "has been INITIAL for 2 h 1 min")));
    CHECK(contains(message, " UTC)"));
  };
  for (const auto* zone : {"Asia/Shanghai", "America/Los_Angeles"}) {
    DYNAMIC_SECTION("the database's zone is " << zone)
    {
      database.execute(fmt::format("ALTER DATABASE \"{}\" SET timezone = '{}'", database.name(), zone));
      require_utc_ages();
    }
    DYNAMIC_SECTION("PGTZ is " << zone)
    {
      const ScopedEnvironment pgtz("PGTZ", zone);
      require_utc_ages();
    }
  }
}

TEST_CASE("selection by check, job and database", "[db][cli]")
{
  const test::ScratchDatabase database("v2_8");
  const int mv = test::seed_mv_id(database);
  database.execute(fmt::format("DELETE FROM fragment WHERE job_id = {};", mv));

  const auto only_other_check = run_cli({"check", "-d", database.name(), "--check", "dml-fragment-invalid"});
  CHECK(only_other_check.code == 0);
  const auto json = run_cli({"check", "-d", database.name(), "--check", "job-without-fragments", "--format", "json"});
  CHECK(nlohmann::json::parse(json.out)["checks"].size() == 1);

  CHECK(run_cli({"check", "-d", database.name(), "--job", std::to_string(mv)}).code == 4);
  // A job that exists and has no finding: clean. One that does not exist: a usage error, not
  // a clean report (the trap of a typo).
  CHECK(run_cli({"check", "-d", database.name(), "--job", "24"}).code == 0);
  CHECK(run_cli({"check", "-d", database.name(), "--job", "999999"}).code == 16);
  CHECK(run_cli({"check", "-d", database.name(), "--database", "dev"}).code == 4);

  const auto missing_database = run_cli({"check", "-d", database.name(), "--database", "no_such_db"});
  CHECK(missing_database.code == 16);
  check_error_shape(missing_database, "database \"no_such_db\" does not exist in the meta store");
}

// A materialized view and a table whose "table" rows were deleted by hand (triggers off, so no
// cascade): both are TABLE objects, and only their fragments' type masks still tell them apart
// (sql/store/describe_objects.sql cites why the Dml bit marks a table).
TEST_CASE("a job whose table row is gone is named a table or a materialized view by its fragments", "[db][cli]")
{
  for (const auto& generation : test::all_generations()) {
    DYNAMIC_SECTION(generation)
    {
      const test::ScratchDatabase database(generation);
      const int mv = test::seed_mv_id(database);
      int table = 0;
      {
        pqxx::connection connection(fmt::format("dbname={}", database.name()));
        pqxx::nontransaction tx(connection);
        table = tx.exec1("SELECT t.table_id FROM \"table\" t JOIN streaming_job sj ON sj.job_id = t.table_id "
                         "WHERE t.table_type = 'TABLE' ORDER BY 1 LIMIT 1")[0]
                  .as<int>();
      }
      database.execute(fmt::format("SET session_replication_role = replica; "
                                   "DELETE FROM \"table\" WHERE table_id IN ({}, {});",
                                   mv, table));
      const auto text = run_cli({"check", "-d", database.name()});
      INFO(text.out << text.err);
      CHECK(text.code == 4);
      CHECK(contains(text.out, fmt::format("job {} (CREATED) <no table row: a materialized view by its fragments; "
                                           "name unknown>",
                                           mv)));
      CHECK(contains(text.out, fmt::format("job {} (CREATED) <no table row: a table by its fragments; name unknown>",
                                           table)));
      const auto json = nlohmann::json::parse(run_cli({"check", "-d", database.name(), "--format", "json"}).out);
      int named = 0;
      for (const auto& finding : json["findings"]) {
        const auto object = finding["object_id"];
        const auto expected = object == mv      ? nlohmann::json("MATERIALIZED VIEW")
                              : object == table ? nlohmann::json("TABLE")
                                                : nlohmann::json(nullptr);
        INFO(finding.dump());
        CHECK(finding["kind_from_fragments"] == expected);
        named += expected.is_null() ? 0 : 1;
      }
      CHECK(named >= 2);
    }
  }
}

// check --from: per incident what the backup can do (holds / not-in-backup / same-fault),
// restores offered only where it can give one, the backup's names for what live lost, the
// commands naming the backup; both stores only read.
TEST_CASE("check --from says what the backup holds of each incident", "[db][cli][advice]")
{
  const test::ScratchDatabase backup("v2_4");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute("DELETE FROM fragment WHERE job_id IN (16, 33, 41)");
  backup.execute("DELETE FROM fragment WHERE job_id = 33");  // the same fault
  backup.execute("DELETE FROM object WHERE oid = 41");       // made after the backup
  const auto live_before = test::dump_meta_tables(live.name());
  const auto backup_before = test::dump_meta_tables(backup.name());

  const auto json = run_cli({"check", "-d", live.name(), "--from", backup.name(), "--format", "json"});
  INFO(json.out << json.err);
  REQUIRE(json.code == 4);
  const auto report = nlohmann::json::parse(json.out);
  std::map<int, std::pair<std::string, std::string>> by_job;
  for (const auto& incident : report["incidents"]) {
    by_job[incident["jobs"][0].get<int>()] = {incident["backup"].get<std::string>(),
                                              incident["recommended"].get<std::string>()};
    for (const auto& command : incident["commands"]) {
      CHECK_FALSE(contains(command.get<std::string>(), "BACKUP"));
      CHECK(contains(command.get<std::string>(), " --from " + backup.name()));
    }
  }
  CHECK(by_job[16] == std::make_pair(std::string("holds"), std::string("restore-fragments")));
  CHECK(by_job[33] == std::make_pair(std::string("same-fault"), std::string("drop-job")));
  CHECK(by_job[41] == std::make_pair(std::string("not-in-backup"), std::string("drop-job")));
  bool named = false;
  for (const auto& finding : report["findings"]) {
    if (finding["object_id"] == 16 && finding["check"] == "job-without-fragments") {
      CHECK(finding["name"].is_null()); // live's name: none
      CHECK(finding["name_from_backup"] == "dev.public.mv_orders");
      CHECK(finding["kind_from_backup"] == "MATERIALIZED VIEW");
      named = true;
    }
  }
  CHECK(named);

  const auto text = run_cli({"check", "-d", live.name(), "--from", backup.name()});
  INFO(text.out);
  CHECK(text.code == 4);
  const auto out = test::unwrapped(text.out);
  CHECK(contains(out, "job 16 (CREATED) <no table row; the backup's materialized view dev.public.mv_orders>"));
  CHECK(contains(out, "backup: holds job 16 without this fault"));
  CHECK(contains(out, "backup: has the same fault, so a restore from it would bring the fault back"));
  CHECK(contains(out, "backup: job 41 is not in the backup"));
  CHECK(contains(out, fmt::format("rwdoctor repair drop --job 33 --from {}", backup.name())));
  CHECK_FALSE(contains(out, "repair restore --job 33"));
  CHECK_FALSE(contains(out, "without a backup"));

  // Without --from nothing changes: null everywhere, the placeholder in the commands.
  const auto plain = nlohmann::json::parse(run_cli({"check", "-d", live.name(), "--format", "json"}).out);
  for (const auto& incident : plain["incidents"]) {
    CHECK(incident["backup"].is_null());
    CHECK(incident["recommended"] == "restore-fragments");
  }

  // The drop check prints for a job the backup cannot give back is not refused by its gate.
  const auto drop = run_cli({"repair", "drop", "-d", live.name(), "--job", "33", "--from", backup.name(), "--dry-run"});
  INFO(drop.out << drop.err);
  CHECK(drop.code == 4);

  const auto alone = run_cli({"check", "-d", live.name(), "--from-schema", "public"});
  CHECK(alone.code == 16);
  CHECK(contains(alone.err, "--from-schema needs --from"));
  CHECK(test::dump_meta_tables(live.name()) == live_before);
  CHECK(test::dump_meta_tables(backup.name()) == backup_before);
}

TEST_CASE("bad input: connection problems", "[db][cli][bad-input]")
{
  SECTION("unreachable server")
  {
    const auto result = run_cli({"check", "-h", "/nonexistent-socket-dir", "-d", "postgres"});
    CHECK(result.code == 8);
    check_error_shape(result, "cannot connect to database \"postgres\" on host \"/nonexistent-socket-dir\"");
    CHECK(contains(result.err, "running"));
  }
  SECTION("database missing")
  {
    const auto result = run_cli({"check", "-d", "rwdt_no_such_database"});
    CHECK(result.code == 8);
    check_error_shape(result, "rwdt_no_such_database");
    CHECK(contains(result.err, "database name"));
  }
  SECTION("wrong password, never printed")
  {
    const test::ScratchDatabase database;
    try {
      database.execute("DROP ROLE IF EXISTS rwdoctor_password_test");
    } catch (...) {
    }
    database.execute("CREATE ROLE rwdoctor_password_test LOGIN PASSWORD 'right-password'");
    const auto uri = fmt::format("postgresql://rwdoctor_password_test:wrong-s3cret@/{}?host={}", database.name(),
                                 std::getenv("PGHOST") != nullptr ? std::getenv("PGHOST") : "");
    const auto result = run_cli({"check", "-d", uri});
    database.execute("DROP ROLE rwdoctor_password_test");
    CHECK(result.code == 8);
    check_error_shape(result, "password authentication failed");
    CHECK_FALSE(contains(result.err + result.out, "wrong-s3cret"));
    CHECK_FALSE(contains(result.err + result.out, "right-password"));
  }
  SECTION("malformed connection string")
  {
    const auto result = run_cli({"check", "-d", "host=x password='sekret"});
    CHECK(result.code == 16);
    check_error_shape(result, "invalid connection string");
    CHECK_FALSE(contains(result.err, "sekret"));
  }
}

TEST_CASE("bad input: databases that are not (complete) meta stores", "[db][cli][bad-input]")
{
  SECTION("an empty database")
  {
    const test::ScratchDatabase database;
    const auto result = run_cli({"check", "-d", database.name()});
    CHECK(result.code == 8);
    check_error_shape(result, "is not a RisingWave meta store: schema \"public\" has no seaql_migrations table");
  }
  SECTION("seaql_migrations but no catalog")
  {
    const test::ScratchDatabase database;
    database.execute("CREATE TABLE seaql_migrations (version varchar PRIMARY KEY, applied_at bigint NOT NULL)");
    const auto result = run_cli({"check", "-d", database.name()});
    CHECK(result.code == 8);
    check_error_shape(result, "has seaql_migrations but no object table");
  }
  SECTION("a schema that does not exist")
  {
    const test::ScratchDatabase database("head");
    const auto result = run_cli({"check", "-d", database.name(), "--schema", "no_such_schema"});
    CHECK(result.code == 8);
    check_error_shape(result, "schema \"no_such_schema\" does not exist");
  }
  SECTION("the store lives in another schema")
  {
    const test::ScratchDatabase database("head");
    database.execute("ALTER SCHEMA public RENAME TO \"rw Meta\"; CREATE SCHEMA public;");
    CHECK(run_cli({"check", "-d", database.name()}).code == 8);
    const auto result = run_cli({"check", "-d", database.name(), "--schema", "rw Meta", "--format", "json"});
    INFO(result.err);
    CHECK(result.code == 0);
    CHECK(nlohmann::json::parse(result.out)["meta_store"]["schema"] == "rw Meta");
  }
  SECTION("a meta store with a table missing")
  {
    const test::ScratchDatabase database("v2_8");
    database.execute("DROP TABLE fragment_splits");
    const auto result = run_cli({"check", "-d", database.name(), "--format", "json"});
    CHECK(result.code == 8);
    check_error_shape(result, "is missing table \"fragment_splits\"");
    const auto document = nlohmann::json::parse(result.out);
    bool failed = false;
    for (const auto& check : document["checks"]) {
      if (check["id"] == "source-splits-missing") {
        failed = check["status"] == "failed";
      }
    }
    CHECK(failed);
  }
  SECTION("an unknown newer migration warns and keeps checking")
  {
    const test::ScratchDatabase database("head");
    database.execute("INSERT INTO seaql_migrations VALUES ('m20270101_000000_from_the_future', 1800000000)");
    const auto result = run_cli({"check", "-d", database.name(), "--format", "json"});
    CHECK(result.code == 0);
    CHECK(contains(result.err, "warning"));
    CHECK(nlohmann::json::parse(result.out)["meta_store"]["unknown_migrations"][0] == "m20270101_000000_from_the_future");
  }
}

TEST_CASE("bad input: permission denied on one table", "[db][cli][bad-input]")
{
  const test::ScratchDatabase database("v3_0_3");
  const auto role = fmt::format("rwdt_reader_{}", getpid());
  database.execute(fmt::format("CREATE ROLE {0} LOGIN; GRANT USAGE ON SCHEMA public TO {0}; "
                               "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0}; REVOKE SELECT ON sink FROM {0};",
                               role));
  const auto result = run_cli({"check", "-d", fmt::format("dbname={} user={}", database.name(), role), "--format", "json"});
  database.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
  INFO(result.err);
  CHECK(result.code == 8);
  const auto document = nlohmann::json::parse(result.out);
  int failed = 0;
  int ran = 0;
  for (const auto& check : document["checks"]) {
    if (check["status"] == "failed") {
      ++failed;
      CHECK(contains(check["error"].get<std::string>(), "permission denied"));
    }
    ran += check["status"] == "ran" ? 1 : 0;
  }
  CHECK(failed >= 1);
  CHECK(ran >= 10);
  CHECK(contains(result.err, "could not run"));
}

TEST_CASE("bad input: malformed values become findings, not crashes", "[db][cli][bad-input]")
{
  const test::ScratchDatabase database("head");
  const int mv = test::seed_mv_id(database);
  database.execute(fmt::format("UPDATE fragment SET state_table_ids = '\"oops\"' WHERE job_id = {0};"
                               "UPDATE streaming_job SET job_status = 'ZOMBIE', parallelism = '{{\"Fixed\": \"x\"}}' "
                               "WHERE job_id = {0};",
                               mv));
  const auto result = run_cli({"check", "-d", database.name(), "--format", "json"});
  INFO(result.out << result.err);
  CHECK(result.code == 4);
  const auto document = nlohmann::json::parse(result.out);
  for (const auto& check : document["checks"]) {
    CHECK(check["status"] != "failed");
  }
  CHECK(find_finding(document, "job-status-invalid", mv) != nullptr);
  CHECK(find_finding(document, "job-parallelism-invalid", mv) != nullptr);
}

TEST_CASE("bad input: only integers in int4's range are table ids in state_table_ids", "[db][cli][bad-input]")
{
  // Fragment 9 of sink 26 lists its own table 27 and, written in odd ways, table 30 of
  // another job (see tests/injections/state-table-mismatch--malformed-ids.sql).
  const test::ScratchDatabase database("head");
  database.execute("UPDATE fragment SET state_table_ids = "
                   "'[27, 30.0, \"31\", 4294967296, 2147483648, -1, 0.5, 1e-1, 1e1000, null, [30], 3e1]' "
                   "WHERE fragment_id = 9");
  const auto result = run_cli({"check", "-d", database.name(), "--check", "state-table-mismatch", "--format", "json"});
  INFO(result.out << result.err);
  REQUIRE(result.code == 4);
  const auto document = nlohmann::json::parse(result.out);
  std::multiset<std::string> not_table_ids;
  bool thirty_read_as_table = false;
  for (const auto& finding : document["findings"]) {
    const auto message = finding["message"].get<std::string>();
    const std::string prefix = "fragment 9 of job 26 lists ";
    const std::string suffix = " in state_table_ids, which is not a table id";
    if (util::starts_with(message, prefix) && util::ends_with(message, suffix) && message.size() > prefix.size() + suffix.size()) {
      not_table_ids.insert(message.substr(prefix.size(), message.size() - prefix.size() - suffix.size()));
    }
    thirty_read_as_table = thirty_read_as_table || contains(message, "fragment 9 of job 26 lists state table 30, which belongs to job");
  }
  const std::string long_number = "'1" + std::string(39, '0') + "'";
  CHECK(not_table_ids
        == std::multiset<std::string>{"'30.0'", "'\"31\"'", "'4294967296'", "'2147483648'", "'-1'", "'0.5'", "'0.1'", long_number,
                                      "'null'", "'[30]'"});
  CHECK(thirty_read_as_table); // 3e1 is the integer 30
}

TEST_CASE("bad input: flags", "[cli][bad-input]")
{
  const auto usage = [](std::vector<std::string> args, const std::string& part) {
    const auto result = run_cli(std::move(args));
    INFO(result.err);
    CHECK(result.code == 16);
    check_error_shape(result, part);
  };
  usage({"check", "--bogus"}, "unrecognised option '--bogus'");
  usage({"check", "--format", "xml"}, "unknown format 'xml'");
  usage({"check", "--job", "12; DROP TABLE object"}, "--job takes a job id");
  usage({"check", "--job", "-4"}, "--job takes a job id");
  usage({"check", "--check", "no-such-check"}, "unknown check 'no-such-check'");
  usage({"check", "--statement-timeout", "0"}, "--statement-timeout takes a positive number");
  usage({"check", "--stuck-after", "soon"}, "--stuck-after takes a duration, not 'soon'");
  usage({"check", "--stuck-after", "0min"}, "--stuck-after takes a duration");
  usage({"check", "--stuck-after", "99999999h"}, "--stuck-after takes a duration");
  usage({"check", "--lease-secs", "-1"}, "--lease-secs takes a positive number");
  usage({"frobnicate"}, "unknown command 'frobnicate'");
  usage({}, "no command given");
  usage({"explain"}, "explain needs a check id");
  usage({"explain", "nope"}, "unknown check 'nope'");
  CHECK(run_cli({"--help"}).code == 0);
  CHECK(contains(run_cli({"--help"}).out, "Exit codes"));
  CHECK(run_cli({"check", "--help"}).code == 0);
  CHECK(run_cli({"checks", "--format", "json"}).code == 0);
}

TEST_CASE("thousands of findings stream out exactly as the collected report renders them", "[db][cli][stream]")
{
  // v2_4 keeps a broken job's state tables behind, so each broken job gives several findings
  // of several checks and severities: more findings than one cursor block, in many blocks.
  const test::ScratchDatabase database("v2_4");
  test::grow_synthetic_catalog(database, test::SyntheticShape{82, 14, 0, 5});
  const auto broken = test::break_leaf_jobs(database, 300, 5);

  // One RisingWave database with some of the findings, but not all.
  const auto everything = test::check_database(database.name());
  REQUIRE(everything.findings.size() > 3000);
  std::map<int, std::size_t> per_database;
  for (const auto& finding : everything.findings) {
    ++per_database[finding.database_id.value_or(-1)];
  }
  std::string database_name;
  {
    pqxx::connection connection(fmt::format("dbname={}", database.name()));
    pqxx::nontransaction tx(connection);
    for (const auto& row : tx.exec("SELECT database_id, name FROM database ORDER BY database_id")) {
      const auto found = per_database.find(row[0].as<int>());
      if (database_name.empty() && found != per_database.end() && found->second < everything.findings.size()) {
        database_name = row[1].c_str();
      }
    }
  }
  REQUIRE_FALSE(database_name.empty());

  struct Variant
  {
    std::vector<std::string> args;
    checks::CheckSelection selection;
  };
  std::vector<Variant> variants(3);
  variants[1].args = {"--database", database_name};
  variants[1].selection.database = database_name;
  for (std::size_t i = 0; i < broken.size(); i += 7) {
    variants[2].args.insert(variants[2].args.end(), {"--job", std::to_string(broken[i])});
    variants[2].selection.job_ids.insert(broken[i]);
  }
  const auto& catalogue = checks::Catalogue::builtin();
  // The commands the binary prints name the database, host and port it reached.
  db::ConnectionOptions options;
  options.dbname = database.name();
  db::MetaStoreSession session(options);
  const auto commands = cli::command_context(options, session);
  for (const auto& variant : variants) {
    const auto report = test::check_database(database.name(), variant.selection);
    INFO("rwdoctor check " << fmt::format("{}", fmt::join(variant.args, " ")) << ": " << report.findings.size()
                           << " findings");
    REQUIRE(report.findings.size() > 20);
    if (!variant.args.empty()) {
      CHECK(report.findings.size() < everything.findings.size());
    }
    // The collected report's per-check counts are those of its findings (after the selection).
    std::map<std::string, std::size_t> counted;
    for (const auto& finding : report.findings) {
      ++counted[finding.check];
    }
    for (const auto& outcome : report.checks) {
      INFO(outcome.id);
      CHECK(outcome.findings == counted[outcome.id]);
    }

    std::vector<std::string> args = {test::rwdoctor_binary(), "check", "-d", database.name()};
    args.insert(args.end(), variant.args.begin(), variant.args.end());
    const auto text = test::run_process(args);
    CHECK(text.exit_code == 4);
    CHECK(text.err.empty());
    // The binary grades each incident's state in Hummock; so does the rendering here, through
    // the test's own session on the same (unchanged) store.
    hummock::StateInspector inspector(session);
    auto text_renderer = report::CheckRenderer::text(catalogue, report::Colour::off, report::Verbosity::normal, commands);
    text_renderer.set_state_source(hummock::incident_state_source(inspector));
    CHECK(text.out == std::move(text_renderer).render(report));
    args.push_back("--quiet");
    CHECK(test::run_process(args).out ==
          report::render_check_text(report, catalogue, report::Colour::off, report::Verbosity::quiet));
    args.back() = "--format";
    args.push_back("json");
    const auto json = test::run_process(args);
    CHECK(json.exit_code == 4);
    auto json_renderer = report::CheckRenderer::json(commands);
    json_renderer.set_state_source(hummock::incident_state_source(inspector));
    CHECK(json.out == std::move(json_renderer).render(report));
    const auto document = nlohmann::json::parse(json.out);
    REQUIRE(document["checks"].size() == report.checks.size());
    for (std::size_t i = 0; i < report.checks.size(); ++i) {
      CHECK(document["checks"][i]["findings"] == report.checks[i].findings);
    }
  }
}

TEST_CASE("a password is asked on a terminal as psql asks it, never off one", "[db][cli][password][bad-input]")
{
  const test::ScratchDatabase database("head");
  try {
    database.execute("DROP ROLE IF EXISTS rwdoctor_password_test");
  } catch (...) {
  }
  database.execute("CREATE ROLE rwdoctor_password_test LOGIN PASSWORD 'right-password'; "
                   "GRANT pg_read_all_data TO rwdoctor_password_test");
  test::ProcessOptions options;
  options.environment = {"PGPASSWORD=", "PGPASSFILE=/nonexistent-passfile"}; // only what is typed
  const std::vector<std::string> args = {test::rwdoctor_binary(), "check", "-U", "rwdoctor_password_test",
                                         database.name()};
  // Runs `command` on a terminal and types `typed` at the password prompt.
  const auto answer = [&](const std::vector<std::string>& command, const std::string& typed) {
    test::PtyProcess terminal(command, options);
    terminal.wait_for("Password for user rwdoctor_password_test: ");
    terminal.type(typed + "\r");
    return terminal.wait();
  };
  // The server wants a password nobody gave: asked once, without echo.
  const auto right = answer(args, "right-password");
  INFO(right.describe());
  CHECK(right.exit_code == 0);
  CHECK_FALSE(contains(right.out, "right-password")); // not echoed, not printed
  CHECK(contains(right.out, "no inconsistency found"));
  const auto wrong = answer(args, "wrong-s3cret");
  INFO(wrong.describe());
  CHECK(wrong.exit_code == 8);
  CHECK(contains(wrong.out, "password authentication failed"));
  CHECK_FALSE(contains(wrong.out, "wrong-s3cret"));
  const auto empty = answer(args, "");
  CHECK(empty.exit_code == 16);
  CHECK(contains(empty.out, "no password was typed"));
  // -W asks first, as psql -W does.
  auto forced = args;
  forced.insert(forced.begin() + 2, "-W");
  CHECK(answer(forced, "right-password").exit_code == 0);
  // Off a terminal: -W is a usage error, and a missing password is an error with a HINT.
  const auto scripted = run_cli({"check", "-W", "-U", "rwdoctor_password_test", database.name()});
  CHECK(scripted.code == 16);
  CHECK(contains(scripted.err, "-W asks for a password on a terminal"));
  const auto unattended = test::run_process(args, options);
  CHECK(unattended.exit_code == 8);
  CHECK(contains(unattended.err, "\nHINT: "));
  database.execute("DROP ROLE rwdoctor_password_test");
}

TEST_CASE("the scripts answer --help on stdout with exit 0, and a usage mistake with exit 2", "[db][cli][scripts]")
{
  for (const std::string script : {"scripts/pg-throwaway.sh", "scripts/load-demo.sh", "scripts/replay-migrations.sh"}) {
    const auto path = std::string(RWDOCTOR_SOURCE_DIR) + "/" + script;
    const auto help = test::run_process({"/bin/bash", path, "--help"});
    INFO(script << ": " << help.describe());
    CHECK(help.exit_code == 0);
    CHECK(help.err.empty());
    CHECK(contains(help.out, script));
    CHECK_FALSE(contains(help.out, "set -euo pipefail")); // the header only, no code
    const auto wrong = test::run_process({"/bin/bash", path});
    CHECK(wrong.exit_code == 2);
    CHECK(wrong.out.empty());
  }
}
