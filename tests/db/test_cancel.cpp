// Ctrl-C and SIGTERM while a repair or undo runs (a cancel reaches the server, everything rolls
// back, no rwdoctor backend or lock stays, no usable undo file is left), and lock waits and
// gates that name the sessions in the way.
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <pqxx/pqxx>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <fstream>
#include <memory>
#include <thread>

using namespace rwdoctor;
using test::contains;
using test::count;
using test::dump_difference;
using test::rw_command;

namespace {

// Waits (bounded) until no rwdoctor backend is left on `dbname` and no exiting backend holds a
// lock there; then no lock is held by one.
void
wait_until_no_rwdoctor(const std::string& dbname)
{
  test::wait_until_no_clients(dbname, true);
}

// Locks on relations of `dbname` held by any session but the test's own and `except_pid`.
int
relation_locks(const std::string& dbname, int except_pid)
{
  pqxx::connection connection("dbname=postgres");
  pqxx::nontransaction tx(connection);
  return tx.exec_params1("SELECT count(*)::int FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
                         "WHERE d.datname = $1 AND l.locktype = 'relation' AND l.pid <> pg_backend_pid() "
                         "AND l.pid <> $2",
                         dbname, except_pid)[0]
    .as<int>();
}

// One operation to interrupt: its database, the command, and the state it must leave.
struct Operation
{
  std::unique_ptr<test::ScratchDatabase> backup;
  std::unique_ptr<test::ScratchDatabase> live;
  std::vector<std::string> command;
  std::string before;
};

Operation
operation(const std::string& kind, const test::TemporaryDirectory& directory)
{
  Operation op;
  op.live = std::make_unique<test::ScratchDatabase>("v3_0_3");
  const auto undo_file = directory.file("undo.json");
  if (kind == "restore") {
    op.backup.reset(new test::ScratchDatabase(test::ScratchDatabase::copy_of(*op.live)));
    op.live->execute("DELETE FROM fragment WHERE job_id = 16");
    op.command = rw_command({"repair", "restore", "--job", "16", "--from", op.backup->name(), "--yes", "--undo-file",
                             undo_file, "-d", op.live->name()});
  } else {
    test::break_job(*op.live);
    op.command = test::drop_command(op.live->name(), undo_file);
    if (kind == "undo") {
      const auto dropped = test::run_process(op.command);
      REQUIRE(dropped.exit_code == 1);
      test::wait_until_no_clients(op.live->name());
      op.command = rw_command({"undo", undo_file, "--yes", "-d", op.live->name()});
    }
  }
  op.before = test::dump_meta_tables(op.live->name());
  return op;
}

// What a cancelled operation leaves: exit 32 with the message, the store as before, no undo
// file of the repair that did not commit, no rwdoctor backend and no lock.
void
check_cancelled(const test::ProcessOutcome& outcome, const Operation& op, const std::string& kind,
                const test::TemporaryDirectory& directory, int other_pid = 0)
{
  INFO(outcome.describe());
  CHECK(outcome.exited);
  CHECK(outcome.exit_code == 32);
  CHECK(contains(outcome.out, "rwdoctor: cancelled; nothing was changed"));
  wait_until_no_rwdoctor(op.live->name());
  CHECK(relation_locks(op.live->name(), other_pid) == 0);
  CHECK(dump_difference(op.before, test::dump_meta_tables(op.live->name())) == "");
  if (kind != "undo") {
    CHECK_FALSE(test::file_exists(directory.file("undo.json")));
    CHECK_FALSE(test::file_exists(directory.file("undo.json.pending")));
  }
}

} // namespace

TEST_CASE("Ctrl-C and SIGTERM at every stage of a repair cancel it", "[db][cancel]")
{
#ifndef RWDOCTOR_TEST_FAULTS
  FAIL(test::k_needs_faults);
#else
  const std::vector<std::tuple<std::string, std::string, int>> cases = {
    {"drop", "drop:locked", SIGINT},
    {"drop", "drop:planned", SIGINT},
    {"drop", "drop:after-undo-write", SIGINT},
    {"drop", "drop:after-delete", SIGINT},
    {"drop", "drop:after-verify", SIGINT},
    {"drop", "drop:before-commit", SIGINT},
    {"drop", "drop:after-delete", SIGTERM},
    {"drop", "drop:before-commit", SIGTERM},
    {"restore", "restore:planned", SIGINT},
    {"restore", "restore:after-undo-write", SIGINT},
    {"restore", "restore:after-insert", SIGINT},
    {"restore", "restore:before-commit", SIGTERM},
    {"undo", "undo:before-insert", SIGINT},
    {"undo", "undo:after-insert", SIGINT},
    {"undo", "undo:before-commit", SIGTERM},
  };
  for (const auto& [kind, point, signal] : cases) {
    DYNAMIC_SECTION(point << (signal == SIGINT ? " SIGINT" : " SIGTERM"))
    {
      const test::TemporaryDirectory directory;
      const auto op = operation(kind, directory);
      const test::TemporaryDirectory pause_directory;
      const auto pause_file = pause_directory.file("pause");
      test::create_pause_file(pause_file);
      test::ProcessOptions options;
      options.environment = {"RWDOCTOR_PAUSE=" + point, "RWDOCTOR_PAUSE_FILE=" + pause_file, "NO_COLOR=1", "TERM=dumb"};
      test::PtyProcess repair(op.command, options);
      repair.wait_for("rwdoctor: paused at " + point);
      REQUIRE(::kill(repair.pid(), signal) == 0);
      const auto outcome = repair.wait();
      check_cancelled(outcome, op, kind, directory);
      if (kind == "undo") {
        CHECK(test::file_exists(directory.file("undo.json"))); // the file it applies stays, unmarked
        CHECK_FALSE(test::file_exists(directory.file("undo.json.undone")));
      }
    }
  }
#endif
}

TEST_CASE("a second Ctrl-C exits at once and commits nothing", "[db][cancel]")
{
#ifndef RWDOCTOR_TEST_FAULTS
  FAIL(test::k_needs_faults);
#else
  const test::TemporaryDirectory directory;
  const auto op = operation("drop", directory);
  const test::TemporaryDirectory pause_directory;
  const auto pause_file = pause_directory.file("pause");
  test::create_pause_file(pause_file);
  test::ProcessOptions options;
  options.environment = {"RWDOCTOR_PAUSE=drop:after-delete", "RWDOCTOR_PAUSE_FILE=" + pause_file, "NO_COLOR=1",
                         "TERM=dumb"};
  test::PtyProcess repair(op.command, options);
  repair.wait_for("rwdoctor: paused at drop:after-delete");
  REQUIRE(::kill(repair.pid(), SIGINT) == 0);
  REQUIRE(::kill(repair.pid(), SIGINT) == 0);
  const auto outcome = repair.wait();
  INFO(outcome.describe());
  CHECK(outcome.exited);
  CHECK(outcome.exit_code == 32);
  wait_until_no_rwdoctor(op.live->name());
  CHECK(relation_locks(op.live->name(), 0) == 0);
  CHECK(dump_difference(op.before, test::dump_meta_tables(op.live->name())) == "");
  CHECK_FALSE(test::file_exists(directory.file("undo.json")));
  // Exiting at once may leave the pending undo file behind; undo refuses it.
  if (test::file_exists(directory.file("undo.json.pending"))) {
    const auto undone =
      test::run_process(rw_command({"undo", directory.file("undo.json.pending"), "--yes", "-d", op.live->name()}));
    INFO(undone.describe());
    CHECK(undone.exit_code == 32);
    CHECK(contains(undone.err, "never committed"));
  }
#endif
}

TEST_CASE("a lock wait names who it waits for, and Ctrl-C ends it at once", "[db][cancel]")
{
  const test::TemporaryDirectory directory;
  const auto op = operation("drop", directory);
  pqxx::connection other(fmt::format("dbname={} application_name=holder-app", op.live->name()));
  const int holder_pid = other.backendpid();
  auto holder = std::make_unique<pqxx::work>(other);
  holder->exec("LOCK TABLE fragment IN SHARE MODE");

  auto command = op.command;
  command.insert(command.end(), {"--allow-online", "--lock-timeout", "60000"});
  test::ProcessOptions options;
  options.environment = {"NO_COLOR=1", "TERM=dumb"};
  options.terminal_columns = 80;
  const auto started = std::chrono::steady_clock::now();
  test::PtyProcess repair(command, options);
  // On a terminal the plan comes before the wait, and the line naming the holder is broken
  // at spaces to the terminal's 80 columns.
  const auto plan_end = repair.wait_for("DELETE FROM object");
  const auto waiting = repair.wait_for_words("rwdoctor: waiting for a lock on the meta store's tables", plan_end);
  const auto waiting_start = repair.output().rfind("rwdoctor: waiting", waiting);
  repair.wait_for_words(fmt::format("pid {} (holder-app, user", holder_pid), waiting);
  const auto named = repair.wait_for_words("holds ShareLock on fragment", waiting);
  const auto still = repair.wait_for("rwdoctor: still waiting", named);
  util::for_each_part(std::string_view(repair.output()).substr(waiting_start, still - waiting_start), '\n',
                      [](std::string_view line) {
                        if (!line.empty() && line.back() == '\r') {
                          line.remove_suffix(1);
                        }
                        INFO(std::string(line));
                        CHECK(line.size() <= 80);
                      });
  REQUIRE(::kill(repair.pid(), SIGINT) == 0);
  const auto outcome = repair.wait();
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(45));
  check_cancelled(outcome, op, "drop", directory, holder_pid);
  holder->abort();
  holder.reset();

  // Nothing queues behind the cancelled run: the next one goes through.
  const auto rerun = test::run_process(test::drop_command(op.live->name(), directory.file("rerun.json"),
                                                          {"--allow-online"}));
  INFO(rerun.describe());
  CHECK(rerun.exit_code == 1);
}

TEST_CASE("refusals and dry runs name the sessions in the way", "[db][cancel][bad-input]")
{
  const test::TemporaryDirectory directory;
  const auto op = operation("drop", directory);
  pqxx::connection other(fmt::format("dbname={} application_name=holder-app", op.live->name()));
  const int holder_pid = other.backendpid();
  const auto session = fmt::format("pid {} (holder-app, user ", holder_pid);

  SECTION("a dry run reads the gates as they stand")
  {
    const auto dry = test::run_process(rw_command({"repair", "drop", "--job", "24", "--dry-run", "-d", op.live->name()}));
    INFO(dry.describe());
    CHECK(dry.exit_code == 4);
    CHECK(contains(dry.out, "safety gates now: --yes would be refused:"));
    CHECK(contains(dry.out, "1 other client session(s) are connected to database"));
    CHECK(contains(dry.out, session));
  }
  SECTION("the online gate")
  {
    const auto refused = test::run_process(test::drop_command(op.live->name(), directory.file("refused.json")));
    INFO(refused.describe());
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, session));
    CHECK(contains(refused.err, ", idle since "));
  }
  SECTION("a session that writes")
  {
    pqxx::work holder(other);
    holder.exec("LOCK TABLE fragment IN ROW EXCLUSIVE MODE");
    const auto refused = test::run_process(test::drop_command(op.live->name(), directory.file("refused.json"),
                                                              {"--allow-online", "--lock-timeout", "1500"}));
    INFO(refused.describe());
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, "the meta store's tables stayed locked for --lock-timeout 1500 ms: " + session));
    CHECK(contains(refused.err, "idle in transaction since "));
    CHECK(contains(refused.err, "is writing to fragment"));
    CHECK(contains(refused.err, "HINT: "));
  }
  SECTION("a session that holds a lock")
  {
    pqxx::work holder(other);
    holder.exec("LOCK TABLE actor IN SHARE MODE");
    const auto refused = test::run_process(test::drop_command(op.live->name(), directory.file("refused.json"),
                                                              {"--allow-online", "--lock-timeout", "1500"}));
    INFO(refused.describe());
    CHECK(refused.exit_code == 32);
    CHECK(contains(refused.err, session));
    CHECK(contains(refused.err, "holds ShareLock on actor"));
  }
  SECTION("on a terminal, the error after the wait starts on a line of its own")
  {
    pqxx::work holder(other);
    holder.exec("LOCK TABLE fragment IN SHARE MODE");
    test::ProcessOptions options;
    options.environment = {"NO_COLOR=1", "TERM=dumb"};
    options.terminal_columns = 80;
    test::PtyProcess repair(test::drop_command(op.live->name(), directory.file("refused.json"),
                                               {"--allow-online", "--lock-timeout", "1500"}),
                            options);
    const auto still = repair.wait_for("rwdoctor: still waiting, 0 s of 1.5 s (Ctrl-C cancels)");
    const auto error = repair.wait_for("rwdoctor: error: ", still) - std::string("rwdoctor: error: ").size();
    const auto outcome = repair.wait();
    CHECK(outcome.exit_code == 32);
    INFO(repair.output().substr(still));
    // the status line was taken away (carriage return, erase to the end of the line) just before
    const std::string erased = "\r\x1b[K";
    REQUIRE(error >= erased.size());
    CHECK(repair.output().substr(error - erased.size(), erased.size()) == erased);
  }
  wait_until_no_rwdoctor(op.live->name());
  CHECK(dump_difference(op.before, test::dump_meta_tables(op.live->name())) == "");
  CHECK_FALSE(test::file_exists(directory.file("refused.json")));
  CHECK_FALSE(test::file_exists(directory.file("refused.json.pending")));
}

// A plan that waits to read (here behind an ACCESS EXCLUSIVE lock) is cancelled by Ctrl-C like
// the repair itself: exit 32 with the message, not a killed process.
TEST_CASE("Ctrl-C while a repair is still being planned cancels it", "[db][cancel]")
{
  const test::TemporaryDirectory directory;
  const auto op = operation("restore", directory);
  pqxx::connection other(fmt::format("dbname={} application_name=holder-app", op.live->name()));
  auto holder = std::make_unique<pqxx::work>(other);
  holder->exec("LOCK TABLE streaming_job IN ACCESS EXCLUSIVE MODE");

  for (const char* mode : {"--dry-run", "--yes"}) {
    DYNAMIC_SECTION(mode)
    {
      auto command = op.command;
      command.erase(std::find(command.begin(), command.end(), "--yes"));
      command.insert(command.end(), {mode, "--allow-online", "--lock-timeout", "60000"});
      test::ChildProcess repair(command);
      // Bounded wait for the event: one of its backends waits for the holder's lock.
      pqxx::connection watcher("dbname=postgres");
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
      for (;;) {
        pqxx::nontransaction tx(watcher);
        const auto waiting = tx.exec_params1("SELECT count(*)::int FROM pg_stat_activity WHERE datname = $1 AND "
                                             "application_name = 'rwdoctor' AND wait_event_type = 'Lock'",
                                             op.live->name())[0]
                               .as<int>();
        tx.commit();
        if (waiting > 0) {
          break;
        }
        REQUIRE(std::chrono::steady_clock::now() < deadline);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      REQUIRE(::kill(repair.pid(), SIGINT) == 0);
      const auto outcome = repair.wait();
      INFO(outcome.describe());
      CHECK(outcome.exited);
      CHECK(outcome.exit_code == 32);
      CHECK(contains(outcome.err, "rwdoctor: cancelled; nothing was changed"));
      wait_until_no_rwdoctor(op.live->name());
      CHECK_FALSE(test::file_exists(directory.file("undo.json")));
    }
  }
  holder->abort();
  CHECK(test::dump_meta_tables(op.live->name()) == op.before);
}

// A plan whose checks cannot read behind a lock (their queries time out) refuses with the
// checks that could not run, not with "job N has no finding": the checks never looked. Here
// job 16 lost its streaming_job row (relation-without-job, which reads source) and another
// session holds source, which the rest of the plan does not read.
TEST_CASE("a plan whose checks time out behind a lock says which checks could not run", "[db][cancel][bad-input]")
{
  const test::TemporaryDirectory directory;
  test::ScratchDatabase live("v3_0_3");
  const auto backup = test::ScratchDatabase::copy_of(live);
  live.execute("DELETE FROM streaming_job WHERE job_id = 16");
  const auto before = test::dump_meta_tables(live.name());
  pqxx::connection other(fmt::format("dbname={} application_name=holder-app", live.name()));
  pqxx::work holder(other);
  holder.exec("LOCK TABLE source IN ACCESS EXCLUSIVE MODE");

  const auto refused = test::run_process(rw_command({"repair", "restore", "--job", "16", "--from", backup.name(),
                                                     "--dry-run", "--allow-online", "--lock-timeout", "200",
                                                     "--undo-file", directory.file("undo.json"), "-d", live.name()}));
  INFO(refused.describe());
  CHECK(refused.exit_code == 32);
  CHECK(contains(refused.out, "check relation-without-job could not run: query failed: canceling statement due to "
                              "lock timeout"));
  CHECK_FALSE(contains(refused.out + refused.err, "has no finding"));
  holder.abort();
  wait_until_no_rwdoctor(live.name());
  CHECK(dump_difference(before, test::dump_meta_tables(live.name())) == "");
}
