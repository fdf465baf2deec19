// The session settings every rwdoctor connection pins before it reads or writes the store
// (sql/store/harden_session.sql), as the server reports them back, and its blob scans.
#include "db/meta_store_session.hpp"
#include "cli_runner.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <unistd.h>

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

TEST_CASE("a blob scan visits every row once, in key order, whatever the blob sizes", "[db][session]")
{
  // Blocks are sized by bytes, not rows (k_blob_block_bytes): sizes that jump between 0 bytes and
  // about 140 KiB make the block size change from one fetch to the next.
  const test::ScratchDatabase store("head");
  store.execute("CREATE TABLE blob_probe (id integer PRIMARY KEY, payload bytea); "
                "INSERT INTO blob_probe SELECT i, CASE WHEN i % 500 = 0 THEN NULL "
                "ELSE decode(repeat(lpad(to_hex(i % 256), 2, '0'), (i % 7) * (i % 7) * 4000 + (i % 3)), 'hex') END "
                "FROM generate_series(1, 1500) AS i");
  db::ConnectionOptions options;
  options.dbname = store.name();
  db::MetaStoreSession session(options);
  std::vector<int> keys;
  bool contents_match = true;
  session.scan_bytea("blob_probe", "id", "payload", [&](int key, std::string_view bytes) {
    keys.push_back(key);
    const auto expected_size = static_cast<std::size_t>((key % 7) * (key % 7) * 4000 + (key % 3));
    const auto expected_byte = static_cast<char>(key % 256);
    contents_match = contents_match && bytes.size() == expected_size
                     && (bytes.empty() || (bytes.front() == expected_byte && bytes.back() == expected_byte));
  });
  std::vector<int> expected;
  for (int i = 1; i <= 1500; ++i) {
    if (i % 500 != 0) {
      expected.push_back(i);
    }
  }
  CHECK(keys == expected);
  CHECK(contents_match);
}

TEST_CASE("a blob scan stopped by what its visitor throws ends there and leaves the session usable",
          "[db][session][bad-input]")
{
  // The visitor runs on a second thread while the next block is fetched (util::pipeline_blocks):
  // its exception must still end the scan at that value and come out of scan_bytea.
  const test::ScratchDatabase store("head");
  store.execute("CREATE TABLE blob_probe (id integer PRIMARY KEY, payload bytea); "
                "INSERT INTO blob_probe SELECT i, decode(repeat('ab', 3000), 'hex') FROM generate_series(1, 2000) AS i");
  db::ConnectionOptions options;
  options.dbname = store.name();
  db::MetaStoreSession session(options);
  std::vector<int> keys;
  CHECK_THROWS_WITH(session.scan_bytea("blob_probe", "id", "payload",
                                       [&](int key, std::string_view) {
                                         if (key == 700) {
                                           throw std::runtime_error("stopped at 700");
                                         }
                                         keys.push_back(key);
                                       }),
                    "stopped at 700");
  REQUIRE(keys.size() == 699);
  CHECK(keys.back() == 699);
  std::size_t visited = 0;
  session.scan_bytea("blob_probe", "id", "payload", [&](int, std::string_view bytes) {
    visited += bytes.size() == 3000 ? 1 : 0;
  });
  CHECK(visited == 2000);
}

TEST_CASE("a role that cannot read a type table still gets its findings, described from object alone",
          "[db][session][bad-input]")
{
  // The description query reads every type table; its fallback reads object alone. Both are
  // parameterized, and the first one's error must stay inside its savepoint.
  const test::ScratchDatabase store("v3_0_3");
  store.execute("DELETE FROM fragment WHERE job_id = 16");
  const auto role = fmt::format("rwdt_describe_{}", getpid());
  store.execute(fmt::format("CREATE ROLE {0} LOGIN; GRANT USAGE ON SCHEMA public TO {0}; "
                            "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0}; REVOKE SELECT ON source FROM {0};",
                            role));
  const auto result =
    test::run_cli({"check", "-d", fmt::format("dbname={} user={}", store.name(), role), "--format", "json"});
  store.execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
  INFO(result.err);
  CHECK(result.code == 8); // the checks that read source could not run
  REQUIRE_FALSE(result.out.empty());
  const auto document = nlohmann::json::parse(result.out);
  bool found = false;
  for (const auto& finding : document["findings"]) {
    if (finding["check"] == "job-without-fragments" && finding["job_id"] == 16) {
      found = true;
      CHECK(finding["object_type"] == "TABLE");
      CHECK(finding["database_id"] == 1);
    }
  }
  CHECK(found);
}

TEST_CASE("schema reads are read once per transaction, and again after DDL, a commit or a restart", "[db][session]")
{
  const test::ScratchDatabase store("head");
  db::ConnectionOptions options;
  options.dbname = store.name();
  db::MetaStoreSession session(options, db::SessionMode::repair);
  const auto columns = [&] {
    return session.read_schema_file("sql/repair/table_columns.sql", {session.schema()}).values.size();
  };
  const auto facts_columns = [&] { return session.schema_facts().columns.size(); };
  const auto before = columns();
  const auto facts_before = facts_columns();
  REQUIRE(before > 50);
  REQUIRE(facts_before == before); // every column of every table; the store has no views

  // Rows another session commits do not change what this transaction's snapshot reads.
  store.execute("ALTER TABLE fragment ADD COLUMN probe_elsewhere integer");
  CHECK(columns() == before);
  CHECK(facts_columns() == facts_before);

  // This session's own DDL is seen once the code that ran it says so.
  session.transaction().exec("ALTER TABLE actor ADD COLUMN probe_here integer");
  CHECK(columns() == before);
  session.forget_schema_reads();
  CHECK(columns() == before + 1);
  CHECK(facts_columns() == facts_before + 1);

  // A new transaction reads again: it sees the other session's column, and not this one's,
  // which the restart rolled back.
  session.restart_repair_transaction();
  CHECK(columns() == before + 1);
  CHECK(session.schema_facts().columns.count("fragment.probe_elsewhere") == 1);
  CHECK(session.schema_facts().columns.count("actor.probe_here") == 0);
}
