// Undo that knows where and when it applies, repeats that have nothing to do, and next steps
// that work as printed: the trial's steps 3-5 replayed, and every bad use of an undo file or a
// plan refused with nothing changed.
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"

#include "repair/sealed_document.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <pqxx/pqxx>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::count;
using test::run_cli;
using TempDir = test::TemporaryDirectory;

namespace {

// The seed: `backup` is the healthy catalog; live's materialized view 16 lost its fragments
// (and, by cascade, its table rows).
using Seed = test::SeedStores;

test::CliResult
restore(const Seed& seed, const std::string& undo_file, std::vector<std::string> extra = {})
{
  std::vector<std::string> args = {"repair", "restore", "-d",  seed.live.name(), "--job", "16", "--from",
                                   seed.backup.name(), "--yes", "--undo-file", undo_file};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

test::CliResult
undo(const std::string& undo_file, std::vector<std::string> extra = {})
{
  std::vector<std::string> args = {"undo", undo_file, "--yes"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

int
audit_count(const std::string& dbname, const std::string& action)
{
  if (count(dbname, "SELECT (to_regclass('rwdoctor.repair_log') IS NOT NULL)::int") == 0) {
    return 0;
  }
  return count(dbname, fmt::format("SELECT count(*)::int FROM rwdoctor.repair_log WHERE action = '{}'", action));
}

// A copy of the sealed undo file `path` with one member of meta_store changed and sealed
// again, as rwdoctor would have written it for that other store.
std::string
resealed_for(const std::string& path, const std::string& member, const repair::Json& value, const TempDir& dir)
{
  auto document = repair::Json::parse(test::read_text_file(path));
  document["meta_store"][member] = value;
  const auto other = dir.file("other-" + member + ".json");
  test::write_text_file(other, repair::seal(document));
  return other;
}

// The words of the line of `text` that starts with `prefix` (after it), split at spaces: a
// printed command as a shell would read it (the tests' paths have no spaces).
std::vector<std::string>
printed_command(const std::string& text, const std::string& prefix)
{
  const auto at = text.find(prefix);
  REQUIRE(at != std::string::npos);
  const auto end = text.find('\n', at);
  std::istringstream words(text.substr(at + prefix.size(), end - at - prefix.size()));
  std::vector<std::string> args;
  for (std::string word; words >> word;) {
    args.push_back(word);
  }
  return args;
}

// Runs `args` (a printed "rwdoctor ..." command) with PGDATABASE pointing elsewhere, so that it
// works only if it names its database itself.
test::CliResult
run_printed(std::vector<std::string> args)
{
  REQUIRE(!args.empty());
  REQUIRE(args.front() == "rwdoctor");
  args.erase(args.begin());
  const char* saved = std::getenv("PGDATABASE");
  const std::string previous = saved != nullptr ? saved : "";
  setenv("PGDATABASE", "postgres", 1);
  auto result = run_cli(args);
  if (saved != nullptr) {
    setenv("PGDATABASE", previous.c_str(), 1);
  } else {
    unsetenv("PGDATABASE");
  }
  return result;
}

} // namespace

TEST_CASE("an old undo file never takes back a newer restore", "[db][undo]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const Seed seed(generation);
      const TempDir dir;
      const auto before = test::dump_meta_tables(seed.live.name());
      const auto first = dir.file("first.json");
      const auto second = dir.file("second.json");

      // The trial's step 3: restore, undo, restore again, then the first undo from history.
      REQUIRE(restore(seed, first).code == 1);
      const auto undone = undo(first);
      INFO(undone.out << undone.err);
      REQUIRE(undone.code == 0);
      CHECK(test::dump_meta_tables(seed.live.name()) == before);
      REQUIRE(restore(seed, second).code == 1);
      const auto restored = test::dump_meta_tables(seed.live.name());
      CHECK(restored == test::dump_meta_tables(seed.backup.name()));

      const auto old = undo(first);
      INFO(old.out << old.err);
      CHECK(old.code == 0);
      CHECK(contains(old.out, "already undone at"));
      CHECK(contains(old.out, "nothing to do"));
      CHECK(test::dump_meta_tables(seed.live.name()) == restored);
      CHECK(audit_count(seed.live.name(), "undo") == 1);

      // The audit table alone says so too, without the marker beside the file.
      REQUIRE(std::remove((first + ".undone").c_str()) == 0);
      const auto again = undo(first);
      INFO(again.out << again.err);
      CHECK(again.code == 0);
      CHECK(contains(again.out, "already undone at"));
      CHECK(contains(again.out, "(audit row 2)"));
      CHECK(test::dump_meta_tables(seed.live.name()) == restored);
      CHECK(audit_count(seed.live.name(), "undo") == 1);

      // The newest undo still works.
      const auto newest = undo(second);
      INFO(newest.out << newest.err);
      CHECK(newest.code == 0);
      CHECK(contains(newest.out, "deleted"));
      CHECK(test::dump_meta_tables(seed.live.name()) == before);
    }
  }
}

TEST_CASE("without the audit table the marker and the rows decide", "[db][undo]")
{
  const TempDir dir;
  SECTION("restore")
  {
    const Seed seed("head");
    const auto before = test::dump_meta_tables(seed.live.name());
    const auto file = dir.file("restore.json");
    REQUIRE(restore(seed, file, {"--no-audit-table"}).code == 1);
    REQUIRE(undo(file, {"--no-audit-table"}).code == 0);
    CHECK(test::dump_meta_tables(seed.live.name()) == before);
    const auto marked = undo(file, {"--no-audit-table"});
    INFO(marked.out << marked.err);
    CHECK(marked.code == 0);
    CHECK(contains(marked.out, "already undone (undone at"));
    REQUIRE(std::remove((file + ".undone").c_str()) == 0);
    const auto by_rows = undo(file, {"--no-audit-table"});
    INFO(by_rows.out << by_rows.err);
    CHECK(by_rows.code == 0);
    CHECK(contains(by_rows.out, "already undone; nothing to do"));
    CHECK(test::dump_meta_tables(seed.live.name()) == before);
    CHECK(count(seed.live.name(), "SELECT count(*)::int FROM pg_namespace WHERE nspname = 'rwdoctor'") == 0);
  }
  SECTION("drop")
  {
    const test::ScratchDatabase database("v2_8");
    test::break_job(database);
    const auto before = test::dump_meta_tables(database.name());
    const auto file = dir.file("drop.json");
    REQUIRE(run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--no-audit-table",
                     "--undo-file", file})
              .code == 1);
    REQUIRE(undo(file, {"--no-audit-table"}).code == 0);
    CHECK(test::dump_meta_tables(database.name()) == before);
    REQUIRE(std::remove((file + ".undone").c_str()) == 0);
    const auto by_rows = undo(file, {"--no-audit-table"});
    INFO(by_rows.out << by_rows.err);
    CHECK(by_rows.code == 0);
    CHECK(contains(by_rows.out, "already there, byte for byte: already undone; nothing to do"));
    CHECK(test::dump_meta_tables(database.name()) == before);
  }
}

TEST_CASE("bad input: an undo file applies only to the meta store it was made for", "[db][undo][bad-input]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const Seed seed(generation);
      const TempDir dir;
      const auto file = dir.file("undo.json");
      const auto before = test::dump_meta_tables(seed.live.name());
      REQUIRE(restore(seed, file).code == 1);
      const auto restored = test::dump_meta_tables(seed.live.name());
      const auto refused = [&](const test::CliResult& result, const std::string& reason) {
        INFO(result.out << result.err);
        CHECK(result.code == 32);
        CHECK(contains(result.err, reason));
        CHECK(contains(result.err, "HINT: "));
        CHECK(test::dump_meta_tables(seed.live.name()) == restored);
        CHECK(audit_count(seed.live.name(), "undo") == 0);
      };

      SECTION("another database")
      {
        const auto other = test::ScratchDatabase::copy_of(seed.live);
        const auto other_before = test::dump_meta_tables(other.name());
        refused(undo(file, {"-d", other.name()}),
                fmt::format("undoes a repair of database \"{}\" schema \"public\"; this is database \"{}\"",
                            seed.live.name(), other.name()));
        CHECK(test::dump_meta_tables(other.name()) == other_before);
      }
      SECTION("another schema")
      {
        seed.live.execute("CREATE SCHEMA other");
        refused(undo(file, {"-d", seed.live.name(), "--schema", "other"}),
                "schema \"public\"; this is database");
      }
      SECTION("another server")
      {
        refused(undo(resealed_for(file, "system_identifier", "1234567890123456789", dir)),
                "undoes a repair on another PostgreSQL server (system identifier 1234567890123456789");
      }
      SECTION("another generation")
      {
        refused(undo(resealed_for(file, "generation", "v9.9.9", dir)),
                "the undo file was written for a RisingWave v9.9.9 meta store");
      }
      SECTION("without -d it goes to the database the file names")
      {
        const auto result = run_printed({"rwdoctor", "undo", file, "--yes"});
        INFO(result.out << result.err);
        CHECK(result.code == 0);
        CHECK(test::dump_meta_tables(seed.live.name()) == before);
        CHECK(audit_count(seed.live.name(), "undo") == 1);
      }
    }
  }
}

TEST_CASE("bad input: an undo refuses rows that moved on since its repair", "[db][undo][bad-input]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION(generation)
    {
      const Seed seed(generation);
      const TempDir dir;
      const auto first = dir.file("first.json");
      REQUIRE(restore(seed, first).code == 1);

      SECTION("an unrelated edit of one of its rows")
      {
        seed.live.execute("UPDATE fragment SET fragment_type_mask = fragment_type_mask # 1024 WHERE fragment_id = "
                          "(SELECT min(fragment_id) FROM fragment WHERE job_id = 16)");
        const auto edited = test::dump_meta_tables(seed.live.name());
        const auto result = undo(first);
        INFO(result.out << result.err);
        CHECK(result.code == 32);
        CHECK(contains(result.err, "are not as it left them"));
        CHECK(contains(result.err, "changed since the restore"));
        CHECK(contains(result.err, "HINT: The meta store moved on since the repair"));
        CHECK(test::dump_meta_tables(seed.live.name()) == edited);
      }
      SECTION("its rows removed by hand")
      {
        seed.live.execute("DELETE FROM fragment WHERE job_id = 16");
        const auto removed = test::dump_meta_tables(seed.live.name());
        const auto result = undo(first);
        INFO(result.out << result.err);
        CHECK(result.code == 32);
        CHECK(contains(result.err, "are gone, and no undo of it is recorded"));
        CHECK(test::dump_meta_tables(seed.live.name()) == removed);
      }
      SECTION("a newer repair of the same job stands")
      {
        seed.live.execute("DELETE FROM fragment WHERE job_id = 16");
        const auto second = dir.file("second.json");
        const auto again = restore(seed, second);
        INFO(again.out << again.err);
        REQUIRE(again.code == 1);
        const auto restored = test::dump_meta_tables(seed.live.name());
        const auto result = undo(first);
        INFO(result.out << result.err);
        CHECK(result.code == 32);
        CHECK(contains(result.err, "a later restore of the same jobs still stands: repair "));
        CHECK(contains(result.err, "undo file " + second));
        CHECK(contains(result.err, "rwdoctor undo " + second));
        CHECK(test::dump_meta_tables(seed.live.name()) == restored);
        CHECK(audit_count(seed.live.name(), "undo") == 0);
      }
      SECTION("a later drop of a job the restored edges connect to")
      {
        // Job 24 reads fragment 3 of job 16: the restore put that edge back, and dropping job
        // 24 (broken since) takes it away again.
        test::break_job(seed.live);
        const auto drop_file = dir.file("drop.json");
        const auto dropped =
          run_cli({"repair", "drop", "-d", seed.live.name(), "--job", "24", "--yes", "--undo-file", drop_file});
        INFO(dropped.out << dropped.err);
        REQUIRE(dropped.code == 1);
        const auto after_drop = test::dump_meta_tables(seed.live.name());
        const auto result = undo(first);
        INFO(result.out << result.err);
        CHECK(result.code == 32);
        CHECK(contains(result.err, "a later drop of the same jobs still stands: repair "));
        CHECK(contains(result.err, "rwdoctor undo " + drop_file));
        CHECK(test::dump_meta_tables(seed.live.name()) == after_drop);
      }
      SECTION("a drop's row put back by hand with other content")
      {
        const test::ScratchDatabase database(generation);
        test::break_job(database);
        const auto file = dir.file("drop.json");
        REQUIRE(run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file", file}).code == 1);
        database.execute("INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (24, 'TABLE', 1, 2, 1)");
        const auto edited = test::dump_meta_tables(database.name());
        const auto result = undo(file);
        INFO(result.out << result.err);
        CHECK(result.code == 32);
        CHECK(contains(result.err, "to put back are in the store already: object (24): there with other content"));
        CHECK(test::dump_meta_tables(database.name()) == edited);
      }
    }
  }
}

TEST_CASE("repeated repairs, applies and undos have nothing to do", "[db][undo]")
{
  const TempDir dir;
  SECTION("restore twice")
  {
    const Seed seed("v2_4");
    REQUIRE(restore(seed, dir.file("a.json")).code == 1);
    const auto restored = test::dump_meta_tables(seed.live.name());
    for (const auto& mode : {"--yes", "--dry-run"}) {
      const auto again = run_cli({"repair", "restore", "-d", seed.live.name(), "--job", "16", "--from",
                                  seed.backup.name(), mode, "--undo-file", dir.file("b.json")});
      INFO(mode << again.out << again.err);
      CHECK(again.code == 0);
      CHECK(contains(again.out, "byte for byte as the backup (restored by rwdoctor: job 16 at "));
      CHECK(contains(again.out, "(audit row 1, repair "));
      CHECK(contains(again.out, "nothing to do"));
      CHECK_FALSE(test::file_exists(dir.file("b.json")));
    }
    CHECK(test::dump_meta_tables(seed.live.name()) == restored);
    CHECK(audit_count(seed.live.name(), "restore") == 1);
  }
  SECTION("drop twice")
  {
    const test::ScratchDatabase database("v3_0_3");
    test::break_job(database);
    REQUIRE(run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file", dir.file("a.json")})
              .code == 1);
    const auto dropped = test::dump_meta_tables(database.name());
    const auto again =
      run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--yes", "--undo-file", dir.file("b.json")});
    INFO(again.out << again.err);
    CHECK(again.code == 0);
    CHECK(contains(again.out, "rwdoctor dropped this job already: job 24 at "));
    CHECK(test::dump_meta_tables(database.name()) == dropped);
    CHECK_FALSE(test::file_exists(dir.file("b.json")));
    // A job that never existed is still refused.
    const auto unknown = run_cli({"repair", "drop", "-d", database.name(), "--job", "999999", "--dry-run"});
    CHECK(unknown.code == 32);
  }
  SECTION("a saved plan applied twice")
  {
    const test::ScratchDatabase database("v2_8");
    test::break_job(database);
    const auto plan = dir.file("plan.json");
    REQUIRE(run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--dry-run", "--plan-out", plan}).code == 4);
    REQUIRE(run_cli({"apply", plan, "--yes", "--undo-file", dir.file("a.json")}).code == 1);
    const auto applied = test::dump_meta_tables(database.name());
    const auto again = run_cli({"apply", plan, "--yes", "--undo-file", dir.file("b.json")});
    INFO(again.out << again.err);
    CHECK(again.code == 0);
    CHECK(contains(again.out, "this plan was applied at "));
    CHECK(contains(again.out, "nothing to do"));
    CHECK(test::dump_meta_tables(database.name()) == applied);
    CHECK(audit_count(database.name(), "drop") == 1);
    // Undone, the plan's id is spent: applying it again is refused, not repeated.
    REQUIRE(undo(dir.file("a.json")).code == 0);
    const auto spent = run_cli({"apply", plan, "--yes", "--undo-file", dir.file("c.json")});
    INFO(spent.out << spent.err);
    CHECK(spent.code == 32);
    CHECK(contains(spent.err, "and undone at"));
  }
}

TEST_CASE("printed next steps work as printed, from any directory and shell", "[db][undo]")
{
  const test::ScratchDatabase database("head");
  test::break_job(database);
  const auto before = test::dump_meta_tables(database.name());
  const TempDir dir;
  const TempDir state;
  const char* previous = std::getenv("XDG_STATE_HOME");
  const std::string previous_state = previous != nullptr ? previous : "";
  setenv("XDG_STATE_HOME", state.path().c_str(), 1);
  const auto plan = dir.file("plan.json");
  const auto planned = run_cli({"repair", "drop", "-d", database.name(), "--job", "24", "--dry-run", "--plan-out", plan});
  INFO(planned.out << planned.err);
  REQUIRE(planned.code == 4);
  const auto applied = run_printed(printed_command(planned.err, "apply it with: "));
  INFO(applied.out << applied.err);
  REQUIRE(applied.code == 1);
  // The undo file went to the state directory, 0600 in a 0700 directory, named absolutely.
  const auto directory = state.path() + "/rwdoctor/undo";
  struct stat info {};
  REQUIRE(::stat(directory.c_str(), &info) == 0);
  CHECK((info.st_mode & 0777) == 0700);
  CHECK(contains(applied.out, "undo file: " + directory + "/"));
  CHECK(contains(applied.out, "(on host "));
  const auto undo_line = printed_command(applied.out, "to take the repair back: ");
  CHECK(contains(undo_line.at(2), directory + "/"));
  {
    pqxx::connection connection(fmt::format("dbname={}", database.name()));
    pqxx::nontransaction tx(connection);
    CHECK(std::string(tx.exec1("SELECT undo_file FROM rwdoctor.repair_log WHERE action = 'drop'")[0].c_str()) ==
          undo_line.at(2));
  }
  test::wait_until_no_clients(database.name());
  const auto undone = run_printed(undo_line);
  INFO(undone.out << undone.err);
  CHECK(undone.code == 0);
  CHECK(test::dump_meta_tables(database.name()) == before);
  if (previous_state.empty()) {
    unsetenv("XDG_STATE_HOME");
  } else {
    setenv("XDG_STATE_HOME", previous_state.c_str(), 1);
  }
}
