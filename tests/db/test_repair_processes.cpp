// rwdoctor repair as real processes against real databases: SIGKILL at every fault point of
// drop and undo, two repairs racing, a writer that heals the job while the repair waits, the
// online gates, and the interactive prompt under a pseudo-terminal.
//
// The demo catalog's job 24 (dev.public."Top Customers", fragment 8; nothing depends on it,
// see the id map in sql/demo/catalog.sql) loses its fragment rows; `repair drop --job 24`
// then has something to drop.
#include "check_helpers.hpp"
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <pqxx/pqxx>
#include <sys/stat.h>

#include <chrono>
#include <csignal>
#include <map>
#include <memory>
#include <sstream>
#include <thread>

using namespace rwdoctor;
using namespace rwdoctor::test;

namespace {







pqxx::connection
admin()
{
  return pqxx::connection("dbname=postgres");
}


// Rows of rwdoctor.repair_log for `action` (0 when the audit table was never created).
int
audit_rows(const std::string& dbname, const std::string& action)
{
  if (count(dbname, "SELECT (to_regclass('rwdoctor.repair_log') IS NOT NULL)::int") == 0) {
    return 0;
  }
  return count(dbname, fmt::format("SELECT count(*)::int FROM rwdoctor.repair_log WHERE action = '{}'", action));
}


// Waits until an rwdoctor session of `dbname` waits for a lock (bounded).
void
wait_until_rwdoctor_blocks(const std::string& dbname)
{
  auto connection = admin();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  for (;;) {
    pqxx::nontransaction tx(connection);
    const auto waiting = tx.exec_params1("SELECT count(*)::int FROM pg_stat_activity WHERE datname = $1 AND "
                                         "application_name = 'rwdoctor' AND wait_event_type = 'Lock'",
                                         dbname)[0]
                           .as<int>();
    tx.commit();
    if (waiting > 0) {
      return;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      FAIL("rwdoctor never waited for a lock on database " << dbname);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

bool
job_exists(const std::string& dbname, int job)
{
  return count(dbname, fmt::format("SELECT count(*)::int FROM object WHERE oid = {}", job)) == 1;
}

// No finding above info mentions the job.
std::string
findings_about(const std::string& dbname, int job)
{
  const auto report = test::check_database(dbname);
  std::string text;
  for (const auto& finding : report.findings) {
    if (checks::counts_as_inconsistency(finding.severity) && (finding.job_id == job || finding.object_id == job)) {
      text += fmt::format("  [{}] {}\n", finding.check, finding.message);
    }
  }
  return text;
}

// The broken database before and after a clean, uninterrupted repair (made on a copy).
struct Expected
{
  std::string before;
  std::string repaired;
};

Expected
expected_states(const test::ScratchDatabase& broken)
{
  // Every scenario breaks the same template the same way: one clean repair per state of the
  // broken store is enough.
  static std::map<std::string, std::string> repaired_after;
  Expected expected;
  expected.before = test::dump_meta_tables(broken.name());
  const auto known = repaired_after.find(expected.before);
  if (known != repaired_after.end()) {
    expected.repaired = known->second;
    return expected;
  }
  const auto copy = test::ScratchDatabase::copy_of(broken);
  const test::TemporaryDirectory directory;
  const auto clean = test::run_process(drop_command(copy.name(), directory.file("clean.json")));
  INFO(clean.describe());
  REQUIRE(clean.exited);
  REQUIRE(clean.exit_code == 1);
  expected.repaired = test::dump_meta_tables(copy.name());
  REQUIRE(expected.repaired != expected.before);
  repaired_after.emplace(expected.before, expected.repaired);
  return expected;
}

[[maybe_unused]] void
check_undo_file_mode(const std::string& path)
{
  struct stat info {};
  REQUIRE(::stat(path.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0600);
}

} // namespace

TEST_CASE("kill -9 at every fault point of repair drop", "[db][processes]")
{
#ifndef RWDOCTOR_TEST_FAULTS
  FAIL(k_needs_faults);
#else
  // In the order the drop reaches them; the last two come after the commit.
  const std::vector<std::string> all_points = {"drop:before-undo-write", "undo-file:written-not-linked",
                                               "drop:after-undo-write",  "drop:after-delete",
                                               "drop:after-verify",      "drop:before-commit",
                                               "drop:committed-not-published", "drop:after-commit"};
  const std::vector<std::string> some_points = {"undo-file:written-not-linked", "drop:committed-not-published",
                                                "drop:after-commit"};
  for (const auto& generation : test::generations()) {
    const bool all = generation == "v3_0_3" || generation == "head";
    for (const auto& point : all ? all_points : some_points) {
      DYNAMIC_SECTION(generation << " " << point)
      {
        const test::ScratchDatabase database(generation);
        break_job(database);
        const auto expected = expected_states(database);
        const test::TemporaryDirectory directory;
        const auto undo_file = directory.file("undo.json");
        const auto command = drop_command(database.name(), undo_file);

        test::ProcessOptions faulty;
        faulty.environment = {"RWDOCTOR_FAULT=" + point};
        test::ChildProcess child(command, faulty);
        const auto killed_pid = child.pid();
        const auto killed = child.wait();
        INFO(killed.describe());
        REQUIRE_FALSE(killed.exited);
        REQUIRE(killed.signal == SIGKILL);
        wait_until_no_clients(database.name());

        const bool published = point == "drop:after-commit";
        const bool committed = published || point == "drop:committed-not-published";
        // The undo file has its pending name from its write until the repair has committed.
        const bool pending = !published && point != "drop:before-undo-write" && point != "undo-file:written-not-linked";
        const auto pending_file = undo_file + ".pending";
        const auto after_kill = test::dump_meta_tables(database.name());
        CHECK(dump_difference(committed ? expected.repaired : expected.before, after_kill) == "");
        CHECK(audit_rows(database.name(), "drop") == (committed ? 1 : 0));
        CHECK(test::file_exists(undo_file) == published);
        CHECK(test::file_exists(pending_file) == pending);
        // The temporary of the undo file stays behind only when the kill came between its
        // fsync and its link.
        const auto partial = fmt::format("{}.partial-{}", pending_file, killed_pid);
        CHECK(test::file_exists(partial) == (point == "undo-file:written-not-linked"));

        if (committed) {
          // A committed repair's undo file works under either name.
          const auto usable = published ? undo_file : pending_file;
          check_undo_file_mode(usable);
          // The same command again: rwdoctor dropped the job already, nothing to do.
          const auto again = test::run_process(command);
          INFO(again.describe());
          CHECK(again.exited);
          CHECK(again.exit_code == 0);
          CHECK(contains(again.out, "rwdoctor dropped this job already: job 24 at "));
          CHECK(dump_difference(expected.repaired, test::dump_meta_tables(database.name())) == "");
          wait_until_no_clients(database.name());

          const auto undone = test::run_process(rw_command({"undo", usable, "--yes", "-d", database.name()}));
          INFO(undone.describe());
          CHECK(undone.exited);
          CHECK(undone.exit_code == 0);
          CHECK(dump_difference(expected.before, test::dump_meta_tables(database.name())) == "");
        } else {
          if (pending) {
            // The pending undo file of a repair that never committed: undo refuses it.
            check_undo_file_mode(pending_file);
            const auto undone = test::run_process(rw_command({"undo", pending_file, "--yes", "-d", database.name()}));
            INFO(undone.describe());
            CHECK(undone.exited);
            CHECK(undone.exit_code == 32);
            CHECK(contains(undone.err, "never committed"));
            CHECK(dump_difference(expected.before, test::dump_meta_tables(database.name())) == "");
            CHECK(audit_rows(database.name(), "undo") == 0);
            wait_until_no_clients(database.name());
          }
          // Running the repair again finishes it. A stale undo file is never overwritten, so
          // the rerun names a fresh one (as the default, time-stamped path does).
          const auto rerun_file = pending ? directory.file("rerun.json") : undo_file;
          const auto rerun = test::run_process(drop_command(database.name(), rerun_file));
          INFO(rerun.describe());
          CHECK(rerun.exited);
          CHECK(rerun.exit_code == 1);
          CHECK(test::file_exists(rerun_file));
          CHECK(dump_difference(expected.repaired, test::dump_meta_tables(database.name())) == "");
          CHECK(audit_rows(database.name(), "drop") == 1);
        }
      }
    }
  }
#endif
}

TEST_CASE("a stale undo file of a killed repair is never overwritten", "[db][processes]")
{
#ifndef RWDOCTOR_TEST_FAULTS
  FAIL(k_needs_faults);
#else
  const test::ScratchDatabase database("v3_0_3");
  break_job(database);
  const auto before = test::dump_meta_tables(database.name());
  const test::TemporaryDirectory directory;
  const auto undo_file = directory.file("undo.json");
  test::ProcessOptions faulty;
  faulty.environment = {"RWDOCTOR_FAULT=drop:after-delete"};
  const auto killed = test::run_process(drop_command(database.name(), undo_file), faulty);
  REQUIRE(killed.signal == SIGKILL);
  wait_until_no_clients(database.name());

  // The very same command refuses to replace the undo file and changes nothing.
  const auto again = test::run_process(drop_command(database.name(), undo_file));
  INFO(again.describe());
  CHECK(again.exited);
  CHECK(again.exit_code == 8);
  CHECK(contains(again.err, "cannot create"));
  CHECK(contains(again.err, "undo.json"));
  CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  CHECK(test::file_exists(undo_file + ".pending"));
  CHECK_FALSE(test::file_exists(undo_file));
  CHECK(audit_rows(database.name(), "drop") == 0);
#endif
}

TEST_CASE("kill -9 at every fault point of undo", "[db][processes]")
{
#ifndef RWDOCTOR_TEST_FAULTS
  FAIL(k_needs_faults);
#else
  const std::vector<std::string> points = {"undo:before-insert", "undo:after-table", "undo:before-commit",
                                           "undo:after-commit"};
  for (const auto& generation : {std::string("v3_0_3"), std::string("head")}) {
    for (const auto& point : points) {
      DYNAMIC_SECTION(generation << " " << point)
      {
        const test::ScratchDatabase database(generation);
        break_job(database);
        const auto before = test::dump_meta_tables(database.name());
        const test::TemporaryDirectory directory;
        const auto undo_file = directory.file("undo.json");
        const auto dropped = test::run_process(drop_command(database.name(), undo_file));
        INFO(dropped.describe());
        REQUIRE(dropped.exit_code == 1);
        const auto repaired = test::dump_meta_tables(database.name());
        wait_until_no_clients(database.name());

        const auto undo_command = rw_command({"undo", undo_file, "--yes", "-d", database.name()});
        test::ProcessOptions faulty;
        faulty.environment = {"RWDOCTOR_FAULT=" + point};
        const auto killed = test::run_process(undo_command, faulty);
        INFO(killed.describe());
        REQUIRE_FALSE(killed.exited);
        REQUIRE(killed.signal == SIGKILL);
        wait_until_no_clients(database.name());

        const bool committed = point == "undo:after-commit";
        CHECK(dump_difference(committed ? before : repaired, test::dump_meta_tables(database.name())) == "");
        CHECK(audit_rows(database.name(), "undo") == (committed ? 1 : 0));
        CHECK(test::file_exists(undo_file));

        // The undo again: it finishes an interrupted undo, and refuses a repeated one.
        const auto again = test::run_process(undo_command);
        INFO(again.describe());
        CHECK(again.exited);
        CHECK(again.exit_code == 0);
        if (committed) {
          CHECK(contains(again.out, "already undone at"));
        }
        CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
        CHECK(audit_rows(database.name(), "undo") == 1);
      }
    }
  }
#endif
}

TEST_CASE("two repairs of the same job at the same moment", "[db][processes]")
{
  const test::ScratchDatabase database("v3_0_3");
  break_job(database);
  const auto expected = expected_states(database);
  const test::TemporaryDirectory directory;
  const std::vector<std::string> undo_files = {directory.file("first.json"), directory.file("second.json")};
  const std::vector<std::string> extra = {"--allow-online", "--lock-timeout", "2000"};
  test::ChildProcess first(drop_command(database.name(), undo_files[0], extra));
  test::ChildProcess second(drop_command(database.name(), undo_files[1], extra));
  const std::vector<test::ProcessOutcome> outcomes = {first.wait(), second.wait()};
  INFO("first: " << outcomes[0].describe() << "\nsecond: " << outcomes[1].describe());
  REQUIRE(outcomes[0].exited);
  REQUIRE(outcomes[1].exited);
  const int winners = (outcomes[0].exit_code == 1 ? 1 : 0) + (outcomes[1].exit_code == 1 ? 1 : 0);
  REQUIRE(winners == 1);
  const std::size_t loser = outcomes[0].exit_code == 1 ? 1 : 0;
  // The loser either gave up waiting for the lock (refused), or got it after the winner's
  // commit and found the job dropped by rwdoctor already (nothing to do).
  const bool gave_up = outcomes[loser].exit_code == 32 && contains(outcomes[loser].err, "rwdoctor: error: ");
  const bool nothing_to_do =
    outcomes[loser].exit_code == 0 && contains(outcomes[loser].out, "rwdoctor dropped this job already");
  CHECK((gave_up || nothing_to_do));
  CHECK(test::file_exists(undo_files[1 - loser]));
  CHECK_FALSE(test::file_exists(undo_files[loser]));
  CHECK(directory.entries().size() == 1); // no temporaries left behind
  CHECK(dump_difference(expected.repaired, test::dump_meta_tables(database.name())) == "");
  CHECK(audit_rows(database.name(), "drop") == 1);
}

TEST_CASE("a repair waits for another repair's lock and then gives up", "[db][processes]")
{
  const test::ScratchDatabase database("head");
  break_job(database);
  const auto before = test::dump_meta_tables(database.name());
  const test::TemporaryDirectory directory;
  const auto undo_file = directory.file("undo.json");
  {
    pqxx::connection holder(fmt::format("dbname={}", database.name()));
    pqxx::work tx(holder);
    tx.exec("SELECT pg_advisory_xact_lock(hashtext('rwdoctor repair'))");
    const auto started = std::chrono::steady_clock::now();
    const auto refused = test::run_process(drop_command(database.name(), undo_file,
                                                        {"--allow-online", "--lock-timeout", "500"}));
    const auto waited = std::chrono::steady_clock::now() - started;
    INFO(refused.describe());
    CHECK(refused.exited);
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, "another rwdoctor repair is running"));
    // The refusal and the wait before it name the session that holds the lock.
    CHECK(contains(refused.err, fmt::format("running on this database: pid {} (", holder.backendpid())));
    CHECK(contains(refused.err, "rwdoctor: waiting for rwdoctor's repair lock"));
    CHECK(waited >= std::chrono::milliseconds(500));
    tx.abort();
  }
  CHECK_FALSE(test::file_exists(undo_file));
  CHECK(directory.entries().empty());
  CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  CHECK(audit_rows(database.name(), "drop") == 0);
}

TEST_CASE("a writer that gives the job its fragments back while the repair waits", "[db][processes]")
{
  const test::ScratchDatabase database("v3_0_3");
  const auto healthy = test::dump_meta_tables(database.name());
  // Only the fragment rows go (their table, actor and relation rows stay), so putting the
  // fragment rows back makes the job healthy again.
  database.execute(fmt::format("CREATE SCHEMA scratch; CREATE TABLE scratch.saved AS SELECT * FROM fragment WHERE job_id "
                               "= {0}; SET session_replication_role = replica; DELETE FROM fragment WHERE job_id = {0};",
                               k_job));
  REQUIRE(count(database.name(), "SELECT count(*)::int FROM scratch.saved") == 1);
  const test::TemporaryDirectory directory;
  const auto undo_file = directory.file("undo.json");
  {
    const auto dry_run = test::run_process(
      rw_command({"repair", "drop", "--job", std::to_string(k_job), "--dry-run", "-d", database.name()}));
    INFO(dry_run.describe());
    REQUIRE(dry_run.exit_code == 4); // a plan without refusals: the job is a drop candidate
  }

  pqxx::connection writer_connection(fmt::format("dbname={}", database.name()));
  pqxx::work writer(writer_connection);
  writer.exec("INSERT INTO fragment SELECT * FROM scratch.saved");
  test::ChildProcess repair(drop_command(database.name(), undo_file, {"--allow-online"}));
  wait_until_rwdoctor_blocks(database.name());
  writer.commit();
  const auto outcome = repair.wait();
  INFO(outcome.describe());
  CHECK(outcome.exited);
  CHECK(outcome.exit_code == 32);
  CHECK(contains(outcome.err, fmt::format("job {} has no finding that drop-job repairs", k_job)));
  CHECK_FALSE(test::file_exists(undo_file));
  CHECK(directory.entries().empty());
  CHECK(job_exists(database.name(), k_job));
  CHECK(count(database.name(), fmt::format("SELECT count(*)::int FROM fragment WHERE job_id = {}", k_job)) == 1);
  CHECK(dump_difference(healthy, test::dump_meta_tables(database.name())) == "");
  CHECK(audit_rows(database.name(), "drop") == 0);
}

TEST_CASE("a writer that gives the job a fragment while a restore waits", "[db][processes][restore]")
{
  // The repair's snapshot is taken after its table locks: a write that commits while the
  // restore waits for them is in the plan and in the checks. Here the writer gives job 16 one
  // fragment under a new id, so no key of the backup's rows collides and nothing forces a
  // serialization retry. The plan sees it (its state tables have no rows), and the backup's
  // fragments beside it leave the job inconsistent, so the after run rolls the restore back.
  // Were the snapshot older than the locks, the restore would commit a job with both.
  const test::ScratchDatabase backup("head");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute("CREATE SCHEMA scratch; CREATE TABLE scratch.saved AS SELECT * FROM fragment WHERE job_id = 16 "
               "ORDER BY fragment_id LIMIT 1; UPDATE scratch.saved SET fragment_id = fragment_id + 100000; "
               "DELETE FROM fragment WHERE job_id = 16;");
  const test::TemporaryDirectory directory;
  const auto undo_file = directory.file("undo.json");
  const auto restore = [&](std::vector<std::string> extra) {
    std::vector<std::string> arguments = {"repair", "restore", "--job", "16", "--from", backup.name(), "-d", live.name()};
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    return rw_command(arguments);
  };
  {
    const auto dry_run = test::run_process(restore({"--dry-run"}));
    INFO(dry_run.describe());
    REQUIRE(dry_run.exit_code == 4); // a plan without refusals: the job is a restore candidate
  }

  pqxx::connection writer_connection(fmt::format("dbname={}", live.name()));
  pqxx::work writer(writer_connection);
  writer.exec("INSERT INTO fragment SELECT * FROM scratch.saved");
  test::ChildProcess repair(restore({"--yes", "--allow-online", "--undo-file", undo_file}));
  wait_until_rwdoctor_blocks(live.name());
  writer.commit();
  const auto outcome = repair.wait();
  INFO(outcome.describe());
  CHECK(outcome.exited);
  CHECK(outcome.exit_code == 8);
  CHECK(contains(outcome.out, "fragment 100002 of job 16"));
  CHECK(contains(outcome.err, "rolled back"));
  CHECK_FALSE(test::file_exists(undo_file));
  CHECK(directory.entries().empty());
  CHECK(count(live.name(), "SELECT count(*)::int FROM fragment WHERE job_id = 16") == 1);
  CHECK(count(live.name(), "SELECT count(*)::int FROM fragment WHERE job_id = 16 AND fragment_id > 100000") == 1);
  CHECK(audit_rows(live.name(), "restore") == 0);
}

TEST_CASE("the online gates refuse a live meta store", "[db][processes]")
{
  const test::TemporaryDirectory directory;
  SECTION("a fresh leader heartbeat")
  {
    const test::ScratchDatabase database("v2_8");
    break_job(database);
    const auto stale_leader = test::ScratchDatabase::copy_of(database);
    database.execute("INSERT INTO election_leader (service, id, last_heartbeat) "
                     "VALUES ('__meta_election_', 'meta-0:5690', now())");
    const auto before = test::dump_meta_tables(database.name());
    const auto refused = test::run_process(drop_command(database.name(), directory.file("refused.json")));
    INFO(refused.describe());
    CHECK(refused.exited);
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, "heartbeat"));
    CHECK(contains(refused.err, "--allow-online"));
    CHECK_FALSE(test::file_exists(directory.file("refused.json")));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");

    const auto allowed = test::run_process(drop_command(database.name(), directory.file("allowed.json"), {"--allow-online"}));
    INFO(allowed.describe());
    CHECK(allowed.exit_code == 1);
    CHECK_FALSE(job_exists(database.name(), k_job));
    CHECK(test::file_exists(directory.file("allowed.json")));

    // A heartbeat older than the lease does not count.
    stale_leader.execute("INSERT INTO election_leader (service, id, last_heartbeat) "
                         "VALUES ('__meta_election_', 'meta-0:5690', now() - interval '1 hour')");
    const auto stale = test::run_process(drop_command(stale_leader.name(), directory.file("stale.json")));
    INFO(stale.describe());
    CHECK(stale.exit_code == 1);
    CHECK_FALSE(job_exists(stale_leader.name(), k_job));
  }
  SECTION("another client session in a transaction that holds a table lock")
  {
    // The gates are read before the tables are locked: the repair refuses at once with the
    // gate's reason, instead of queueing an EXCLUSIVE lock behind the other session (which
    // would stall its writes) and giving up after --lock-timeout.
    const test::ScratchDatabase database("head");
    break_job(database);
    const auto before = test::dump_meta_tables(database.name());
    pqxx::connection other(fmt::format("dbname={}", database.name()));
    pqxx::work holder(other);
    holder.exec("LOCK TABLE fragment IN ROW EXCLUSIVE MODE");
    const auto started = std::chrono::steady_clock::now();
    const auto refused = test::run_process(
      drop_command(database.name(), directory.file("refused.json"), {"--lock-timeout", "5000"}));
    const auto waited = std::chrono::steady_clock::now() - started;
    INFO(refused.describe());
    CHECK(refused.exited);
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, "1 other client session(s)"));
    CHECK(waited < std::chrono::milliseconds(5000));
    holder.abort();
    CHECK_FALSE(test::file_exists(directory.file("refused.json")));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  }
  SECTION("another client session")
  {
    const test::ScratchDatabase database("head");
    break_job(database);
    const auto before = test::dump_meta_tables(database.name());
    pqxx::connection other(fmt::format("dbname={}", database.name()));
    const auto refused = test::run_process(drop_command(database.name(), directory.file("refused.json")));
    INFO(refused.describe());
    CHECK(refused.exited);
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, "1 other client session(s)"));
    CHECK_FALSE(test::file_exists(directory.file("refused.json")));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");

    const auto allowed = test::run_process(drop_command(database.name(), directory.file("allowed.json"), {"--allow-online"}));
    INFO(allowed.describe());
    CHECK(allowed.exit_code == 1);
    CHECK_FALSE(job_exists(database.name(), k_job));
  }
  SECTION("an rwdoctor session that ends while the gate looks again is no meta node")
  {
    // The backend of a runbook's previous rwdoctor step can outlive its process briefly.
    const test::ScratchDatabase database("head");
    break_job(database);
    auto previous = std::make_unique<pqxx::connection>(
      fmt::format("dbname={} application_name=rwdoctor", database.name()));
    std::thread ender([&previous] {
      std::this_thread::sleep_for(std::chrono::milliseconds(400));
      previous.reset();
    });
    const auto repaired = test::run_process(drop_command(database.name(), directory.file("repaired.json")));
    ender.join();
    INFO(repaired.describe());
    CHECK(repaired.exit_code == 1);
    CHECK_FALSE(job_exists(database.name(), k_job));
  }
  SECTION("an rwdoctor session that stays is refused after the gate looked again")
  {
    const test::ScratchDatabase database("head");
    break_job(database);
    const auto before = test::dump_meta_tables(database.name());
    pqxx::connection other(fmt::format("dbname={} application_name=rwdoctor", database.name()));
    const auto started = std::chrono::steady_clock::now();
    const auto refused = test::run_process(drop_command(database.name(), directory.file("refused.json")));
    const auto waited = std::chrono::steady_clock::now() - started;
    INFO(refused.describe());
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, "1 other client session(s)"));
    CHECK(contains(refused.err, "(1 of them rwdoctor's, still there after 2000 ms)"));
    CHECK(waited >= std::chrono::milliseconds(2000));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  }
}

TEST_CASE("repair drop asks on a terminal", "[db][processes]")
{
  const test::ScratchDatabase database("v3_0_3");
  break_job(database);
  const auto before = test::dump_meta_tables(database.name());
  const test::TemporaryDirectory directory;
  const auto undo_file = directory.file("undo.json");
  const auto interactive = rw_command({"repair", "drop", "--undo-file", undo_file, "-d", database.name()});
  const std::string question = "drop this job? [d]rop, [s]kip, [v]iew SQL, [q]uit (default: skip): ";
  test::ProcessOptions options;
  options.environment = {"NO_COLOR=1", "TERM=dumb"};

  SECTION("drop, then apply")
  {
    test::PtyProcess terminal(interactive, options);
    const auto asked = terminal.wait_for(question);
    CHECK(contains(terminal.output(), fmt::format("job {}", k_job)));
    terminal.type("d\r");
    const auto confirm = terminal.wait_for("apply this plan? [y/N] ", asked);
    // One inconsistent job, one question; then the plan.
    const auto between = terminal.output().substr(asked, confirm - asked);
    CHECK_FALSE(contains(between, question));
    CHECK(contains(between, "DELETE FROM object"));
    terminal.type("y\r");
    const auto outcome = terminal.wait();
    INFO(outcome.describe());
    CHECK(outcome.exited);
    CHECK(outcome.exit_code == 1);
    CHECK(contains(outcome.out, "undo file: " + undo_file));
    CHECK(test::file_exists(undo_file));
    CHECK_FALSE(job_exists(database.name(), k_job));
    CHECK(findings_about(database.name(), k_job) == "");
  }
  SECTION("show the SQL, then skip")
  {
    test::PtyProcess terminal(interactive, options);
    const auto asked = terminal.wait_for(question);
    terminal.type("sql\r");
    const auto asked_again = terminal.wait_for(question, asked);
    const auto shown = terminal.output().substr(asked, asked_again - asked);
    CHECK(contains(shown, "DELETE FROM object"));
    terminal.type("s\r");
    const auto outcome = terminal.wait();
    INFO(outcome.describe());
    CHECK(outcome.exited);
    CHECK(outcome.exit_code == 4);
    CHECK(contains(outcome.out, "nothing chosen; nothing was changed"));
    CHECK_FALSE(test::file_exists(undo_file));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  }
  SECTION("Ctrl-C at the first question")
  {
    test::PtyProcess terminal(interactive, options);
    terminal.wait_for(question);
    terminal.type("\x03");
    const auto outcome = terminal.wait();
    INFO(outcome.describe());
    CHECK(outcome.exited);
    CHECK(outcome.exit_code == 32);
    CHECK(contains(outcome.out, "cancelled; nothing was changed"));
    CHECK_FALSE(test::file_exists(undo_file));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  }
  SECTION("not on a terminal, without --yes or --dry-run")
  {
    const auto with_job =
      test::run_process(rw_command({"repair", "drop", "--job", std::to_string(k_job), "--undo-file", undo_file, "-d",
                                  database.name()}));
    INFO(with_job.describe());
    CHECK(with_job.exited);
    CHECK(with_job.exit_code == 16);
    CHECK(contains(with_job.err, "--dry-run or --yes"));
    const auto without_job = test::run_process(interactive);
    INFO(without_job.describe());
    CHECK(without_job.exit_code == 16);
    CHECK(contains(without_job.err, "needs --job"));
    CHECK_FALSE(test::file_exists(undo_file));
    CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
  }
}

TEST_CASE("kill -9 at every fault point of repair restore", "[db][processes][restore]")
{
#ifndef RWDOCTOR_TEST_FAULTS
  FAIL(k_needs_faults);
#else
  const std::vector<std::string> points = {"restore:before-undo-write", "restore:after-undo-write",
                                           "restore:after-table", "restore:before-commit",
                                           "restore:committed-not-published", "restore:after-commit"};
  for (const auto& generation : {std::string("v2_4"), std::string("head")}) {
    for (const auto& point : points) {
      DYNAMIC_SECTION(generation << " " << point)
      {
        // The backup is the healthy catalog; live lost mv_orders' fragments (and, by cascade,
        // its table rows). A finished restore makes live byte-identical to the backup.
        const test::ScratchDatabase backup(generation);
        const auto live = test::ScratchDatabase::copy_of(backup);
        live.execute("DELETE FROM fragment WHERE job_id = 16");
        const auto before = test::dump_meta_tables(live.name());
        const auto restored = test::dump_meta_tables(backup.name());
        const test::TemporaryDirectory directory;
        const auto undo_file = directory.file("undo.json");
        const auto command = rw_command({"repair", "restore", "--job", "16", "--from", backup.name(), "--yes",
                                         "--undo-file", undo_file, "-d", live.name()});
        test::ProcessOptions faulty;
        faulty.environment = {"RWDOCTOR_FAULT=" + point};
        const auto killed = test::run_process(command, faulty);
        INFO(killed.describe());
        REQUIRE_FALSE(killed.exited);
        REQUIRE(killed.signal == SIGKILL);
        wait_until_no_clients(live.name());
        wait_until_no_clients(backup.name());

        const bool published = point == "restore:after-commit";
        const bool committed = published || point == "restore:committed-not-published";
        const bool pending = !published && point != "restore:before-undo-write";
        CHECK(dump_difference(committed ? restored : before, test::dump_meta_tables(live.name())) == "");
        CHECK(audit_rows(live.name(), "restore") == (committed ? 1 : 0));
        CHECK(test::file_exists(undo_file) == published);
        CHECK(test::file_exists(undo_file + ".pending") == pending);
        if (committed) {
          const auto undone = test::run_process(
            rw_command({"undo", published ? undo_file : undo_file + ".pending", "--yes", "-d", live.name()}));
          INFO(undone.describe());
          CHECK(undone.exit_code == 0);
          CHECK(dump_difference(before, test::dump_meta_tables(live.name())) == "");
        } else {
          if (pending) {
            // Its rows are not in live: the pending file of a restore that never committed.
            const auto undone =
              test::run_process(rw_command({"undo", undo_file + ".pending", "--yes", "-d", live.name()}));
            INFO(undone.describe());
            CHECK(undone.exit_code == 32);
            CHECK(contains(undone.err, "never committed"));
            CHECK(dump_difference(before, test::dump_meta_tables(live.name())) == "");
            wait_until_no_clients(live.name());
          }
          const auto rerun = test::run_process(rw_command({"repair", "restore", "--job", "16", "--from", backup.name(),
                                                           "--yes", "--undo-file", directory.file("rerun.json"), "-d",
                                                           live.name()}));
          INFO(rerun.describe());
          CHECK(rerun.exit_code == 1);
          CHECK(dump_difference(restored, test::dump_meta_tables(live.name())) == "");
        }
      }
    }
  }
#endif
}

TEST_CASE("repair restore asks on a terminal", "[db][processes][restore]")
{
  const test::ScratchDatabase backup("v2_8");
  const auto live = test::ScratchDatabase::copy_of(backup);
  break_job(live);
  const auto before = test::dump_meta_tables(live.name());
  const test::TemporaryDirectory directory;
  const auto undo_file = directory.file("undo.json");
  const auto interactive =
    rw_command({"repair", "restore", "--from", backup.name(), "--undo-file", undo_file, "-d", live.name()});
  const std::string question = "restore this job? [r]estore, [s]kip, [v]iew SQL, [q]uit (default: skip): ";
  test::ProcessOptions options;
  options.environment = {"NO_COLOR=1", "TERM=dumb"};

  SECTION("restore, then apply")
  {
    test::PtyProcess terminal(interactive, options);
    const auto asked = terminal.wait_for(question);
    CHECK(contains(terminal.output(), fmt::format("job {}", k_job)));
    terminal.type("r\r");
    const auto confirm = terminal.wait_for("apply this plan? [y/N] ", asked);
    CHECK(contains(terminal.output().substr(asked, confirm - asked), "rows to insert"));
    terminal.type("y\r");
    const auto outcome = terminal.wait();
    INFO(outcome.describe());
    CHECK(outcome.exit_code == 1);
    CHECK(dump_difference(test::dump_meta_tables(backup.name()), test::dump_meta_tables(live.name())) == "");
  }
  SECTION("say no to the plan")
  {
    test::PtyProcess terminal(interactive, options);
    const auto asked = terminal.wait_for(question);
    terminal.type("r\r");
    terminal.wait_for("apply this plan? [y/N] ", asked);
    terminal.type("\r");
    const auto outcome = terminal.wait();
    INFO(outcome.describe());
    CHECK(outcome.exit_code == 32);
    CHECK_FALSE(test::file_exists(undo_file));
    CHECK(dump_difference(before, test::dump_meta_tables(live.name())) == "");
  }
}

TEST_CASE("on a healthy store the prompt has nothing to ask", "[db][processes]")
{
  const test::ScratchDatabase database("head");
  const auto before = test::dump_meta_tables(database.name());
  test::ProcessOptions options;
  options.environment = {"NO_COLOR=1", "TERM=dumb"};
  test::PtyProcess terminal(rw_command({"repair", "drop", "-d", database.name()}), options);
  const auto outcome = terminal.wait();
  INFO(outcome.describe());
  CHECK(outcome.exited);
  CHECK(outcome.exit_code == 0);
  CHECK(contains(outcome.out, "no finding offers drop-job; nothing to do"));
  CHECK(dump_difference(before, test::dump_meta_tables(database.name())) == "");
}
