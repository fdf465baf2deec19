// Throwaway databases on the test PostgreSQL server (reached through the PG* variables that
// scripts/test.sh exports). A healthy demo catalog is loaded once per generation and server
// into a template database that every test process shares; each test copies it, so every test
// starts from the same state.
#pragma once

#include <string>
#include <vector>

namespace rwdoctor::test {

// The generations every test runs on: "v2_4", "v2_8", "v3_0_3", "head".
const std::vector<std::string>& generations();

// Every generation the schema files model: "v2_0" and generations(). v2_0 (legacy actors and
// actor_dispatcher, no vnode_count, no fragment_relation) is loaded by the read-only tests:
// the healthy demo, the declared reads, and the injections that name it.
const std::vector<std::string>& all_generations();

// The contents of a file in the source tree, e.g. "sql/schema/head.sql".
std::string read_source_file(const std::string& relative_path);

// The SQL that upgrades a store of generation `from` (demo catalog loaded) to `to`
// (scripts/replay-migrations.sh upgrade: the migrations the older store lacks, then the meta
// node's first start). FAILs when the script does.
std::string upgrade_sql(const std::string& from, const std::string& to);

// Runs `sql` (one or more statements) in database `dbname` as the test superuser.

void execute(const std::string& dbname, const std::string& sql);

// A closed client connection's backend goes away a moment after the client: waits until the
// backend `pid` has ended, so the next rwdoctor repair's online gate does not count the
// test's own finished connection (bounded: FAILs after 10 s).
void wait_for_backend_exit(int pid);

// Every table of schema "public" of `dbname` as ordered `COPY ... TO STDOUT` text, table by
// table: two dumps are equal exactly when the meta tables are byte-identical.
std::string dump_meta_tables(const std::string& dbname);

// A copy of database `source` (no other session may be connected to it).
void copy_database(const std::string& source, const std::string& target);

class ScratchDatabase
{
public:
  // An empty database.
  ScratchDatabase();
  // A copy of the healthy demo catalog of `generation`.
  explicit ScratchDatabase(const std::string& generation);
  ~ScratchDatabase();
  ScratchDatabase(const ScratchDatabase&) = delete;
  ScratchDatabase& operator=(const ScratchDatabase&) = delete;

  // A copy of another scratch database.
  static ScratchDatabase copy_of(const ScratchDatabase& source);

  const std::string& name() const { return m_name; }
  void execute(const std::string& sql) const;

private:
  struct CopyTag {};
  ScratchDatabase(CopyTag, const std::string& source);
  std::string m_name;
};

// The id of the demo catalog's seed MV, mv_orders (see the id map in sql/demo/catalog.sql).
int seed_mv_id(const ScratchDatabase& database);

} // namespace rwdoctor::test
