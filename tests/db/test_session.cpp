// The session settings every rwdoctor connection pins before it reads or writes the store
// (sql/store/harden_session.sql), as the server reports them back.
#include "db/meta_store_session.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;

TEST_CASE("every session pins its search_path, time-outs and JIT setting", "[db][session]")
{
  const test::ScratchDatabase store("head");
  for (const auto mode : {db::SessionMode::read_only_snapshot, db::SessionMode::repair}) {
    db::ConnectionOptions options;
    options.dbname = store.name();
    options.statement_timeout_ms = 123000;
    options.lock_timeout_ms = 4500;
    db::MetaStoreSession session(options, mode);
    const auto rows = session.run_check_query(
      "SELECT current_setting('search_path'), current_setting('statement_timeout'), "
      "current_setting('lock_timeout'), current_setting('jit')");
    REQUIRE(rows.values.size() == 1);
    const auto& row = rows.values.front();
    CHECK(row[0] == "pg_catalog, public");
    CHECK(row[1] == "123s");
    CHECK(row[2] == "4500ms");
    CHECK(row[3] == "off");
  }
}
