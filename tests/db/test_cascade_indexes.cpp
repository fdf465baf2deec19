// The indexes a repair creates for its deletes (lib/db/cascade_indexes.cpp): shown in the
// plan, present only inside the repair transaction, never left behind, and not needed: a
// role that may not create them still repairs.
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <pqxx/pqxx>

#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;
using TempDir = test::TemporaryDirectory;

namespace {

// Every index of schema public with its definition, one per line.
std::string
index_definitions(const std::string& dbname)
{
  pqxx::connection connection(fmt::format("dbname={}", dbname));
  pqxx::nontransaction tx(connection);
  std::string text;
  for (const auto& row : tx.exec("SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname")) {
    text += row[0].as<std::string>() + "\n";
  }
  return text;
}

} // namespace

TEST_CASE("a drop indexes the foreign keys it deletes through only for its own transaction", "[db][repair][cascade-index]")
{
  for (const auto& generation : test::generations()) {
    DYNAMIC_SECTION("drop and undo on " << generation)
    {
      const test::ScratchDatabase database(generation);
      database.execute("DELETE FROM fragment WHERE job_id = 16");
      const auto indexes_before = index_definitions(database.name());
      const auto tables_before = test::dump_meta_tables(database.name());
      REQUIRE_FALSE(contains(indexes_before, "rwdoctor_cascade_"));

      // One line for the temporary indexes; --verbose lists them.
      const auto short_dry = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--dry-run"});
      INFO(short_dry.out << short_dry.err);
      REQUIRE(short_dry.code == 4);
      CHECK_FALSE(contains(short_dry.out, "CREATE INDEX"));
      CHECK(contains(short_dry.out, "temporary index(es) on unindexed foreign keys (rwdoctor_cascade_1.."));
      const auto dry =
        run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--dry-run", "--verbose"});
      INFO(dry.out << dry.err);
      REQUIRE(dry.code == 4);
      // RisingWave's schema leaves fragment.job_id unindexed on every generation.
      CHECK(contains(dry.out, "CREATE INDEX rwdoctor_cascade_"));
      CHECK(contains(dry.out, "ON \"fragment\" (\"job_id\");"));
      CHECK(contains(dry.out, "DROP INDEX rwdoctor_cascade_1;"));
      CHECK(dry.out.find("CREATE INDEX") < dry.out.find("DELETE FROM object"));
      CHECK(dry.out.find("DELETE FROM object") < dry.out.find("DROP INDEX"));

      const TempDir dir;
      // The test's own connections (index_definitions, the dump) end on the server a moment
      // after they close; the repair's online gate must not meet them.
      test::wait_until_no_clients(database.name());
      const auto dropped = run_cli({"repair", "drop", "-d", database.name(), "--job", "16", "--cascade", "--yes",
                                    "--undo-file", dir.file("undo.json")});
      INFO(dropped.out << dropped.err);
      REQUIRE(dropped.code == 1);
      CHECK(index_definitions(database.name()) == indexes_before);

      test::wait_until_no_clients(database.name());
      const auto undone = run_cli({"undo", dir.file("undo.json"), "-d", database.name(), "--yes"});
      INFO(undone.out << undone.err);
      REQUIRE(undone.code == 0);
      CHECK(index_definitions(database.name()) == indexes_before);
      CHECK(test::dump_meta_tables(database.name()) == tables_before);
    }
  }
}

TEST_CASE("the undo of a restore deletes with the indexes and leaves none", "[db][restore][cascade-index]")
{
  const test::ScratchDatabase backup("head");
  const auto live = test::ScratchDatabase::copy_of(backup);
  live.execute("DELETE FROM fragment WHERE job_id = 16");
  const auto indexes_before = index_definitions(live.name());
  const auto tables_before = test::dump_meta_tables(live.name());
  const TempDir dir;
  test::wait_until_no_clients(live.name());
  const auto restored = run_cli({"repair", "restore", "-d", live.name(), "--job", "16", "--from", backup.name(), "--yes",
                                 "--undo-file", dir.file("undo.json")});
  INFO(restored.out << restored.err);
  REQUIRE(restored.code == 1);
  test::wait_until_no_clients(live.name());
  const auto undone = run_cli({"undo", dir.file("undo.json"), "-d", live.name(), "--yes"});
  INFO(undone.out << undone.err);
  REQUIRE(undone.code == 0);
  CHECK(index_definitions(live.name()) == indexes_before);
  CHECK(test::dump_meta_tables(live.name()) == tables_before);
}

TEST_CASE("a role that may write but not create indexes still drops and undoes", "[db][repair][cascade-index]")
{
  const test::ScratchDatabase database("head");
  database.execute("DELETE FROM fragment WHERE job_id = 16");
  const auto role = fmt::format("rwdoctor_writer_{}", getpid());
  database.execute(fmt::format("CREATE ROLE {0} LOGIN; GRANT USAGE ON SCHEMA public TO {0}; "
                               "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {0}; "
                               "GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {0}; "
                               "GRANT CREATE ON DATABASE {1} TO {0};",
                               role, database.name()));
  const auto indexes_before = index_definitions(database.name());
  const auto tables_before = test::dump_meta_tables(database.name());
  const auto connection = fmt::format("dbname={} user={}", database.name(), role);
  const TempDir dir;
  test::wait_until_no_clients(database.name());
  const auto dropped = run_cli({"repair", "drop", "-d", connection, "--job", "16", "--cascade", "--yes",
                                "--no-audit-table", "--undo-file", dir.file("undo.json")});
  INFO(dropped.out << dropped.err);
  CHECK(dropped.code == 1);
  CHECK(index_definitions(database.name()) == indexes_before);
  test::wait_until_no_clients(database.name());
  const auto undone = run_cli({"undo", dir.file("undo.json"), "-d", connection, "--yes", "--no-audit-table"});
  INFO(undone.out << undone.err);
  CHECK(undone.code == 0);
  CHECK(test::dump_meta_tables(database.name()) == tables_before);
  database.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
}
