#include "scratch_database.hpp"

#include "process_runner.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <map>
#include <mutex>
#include <sstream>

namespace rwdoctor::test {

namespace {

// A new connection to the maintenance database every throwaway database is created from.
std::unique_ptr<pqxx::connection>
admin_connection()
{
  try {
    return std::make_unique<pqxx::connection>("dbname=postgres");
  } catch (const pqxx::broken_connection& error) {
    FAIL("the database tests need the test PostgreSQL server (run scripts/test.sh, which starts one): "
         << error.what());
    throw;
  }
}

// The test process's one kept connection to the maintenance database (with_admin).
struct SharedAdminConnection
{
  std::mutex mutex;
  std::unique_ptr<pqxx::connection> connection;
};

SharedAdminConnection&
shared_admin_connection()
{
  static SharedAdminConnection shared;
  return shared;
}

// Runs `work` on the test process's one connection to the maintenance database, opened when
// first needed and kept: a connection for each statement cost the server a backend start and
// exit each time (about 4,900 per warnings-as-errors run: every create, drop and wait). The
// connection breaks when a [restart] test restarts the server; the statement that meets the
// break was never run, and is sent once more on a new connection. One statement at a time.
template<typename Work>
auto
with_admin(Work&& work)
{
  auto& shared = shared_admin_connection();
  const std::lock_guard<std::mutex> lock(shared.mutex);
  for (int attempt = 1;; ++attempt) {
    try {
      if (!shared.connection) {
        shared.connection = admin_connection();
      }
      return work(*shared.connection);
    } catch (const pqxx::broken_connection&) {
      shared.connection.reset();
      if (attempt == 2) {
        throw;
      }
    }
  }
}

std::string
unique_name(const std::string& prefix)
{
  static int counter = 0;
  return fmt::format("rwdt_{}_{}_{}", prefix, getpid(), ++counter);
}

void
run_admin(const std::string& sql)
{
  with_admin([&](pqxx::connection& connection) {
    pqxx::nontransaction tx(connection);
    tx.exec(sql);
  });
}

} // namespace

void
wait_for_backend_exit(int pid)
{
  // Asked every millisecond (a backend ends a millisecond or two after its client closes),
  // through the function behind pg_stat_activity, for that one pid: the view's plan cost
  // about 2 ms of the server's time each time it was asked.
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const auto left = with_admin([&](pqxx::connection& connection) {
      pqxx::nontransaction tx(connection);
      return tx.exec_params1("SELECT count(*) FROM pg_stat_get_activity($1)", pid)[0].as<int>();
    });
    if (left == 0) {
      return;
    }
    usleep(1000);
  }
  FAIL("backend " << pid << " did not end within 10 s");
}

namespace {

// A digest of `text` (FNV-1a, 64 bits): names a template after the files it was made from.
std::uint64_t
digest(const std::string& text)
{
  std::uint64_t hash = 14695981039346656037ULL;
  for (const unsigned char byte : text) {
    hash = (hash ^ byte) * 1099511628211ULL;
  }
  return hash;
}

// One template per generation and server (schema + healthy demo catalog), shared by every test
// process: the first one that needs it builds it, under an advisory lock that the others wait
// on, as a database of its own name renamed only when complete. Its name carries a digest of
// the two files, so a changed schema or demo makes a new template (and the old one of that
// generation is dropped) rather than reusing a stale one. The templates stay until the server
// is thrown away (scripts/test.sh throws it away after the suite).
const std::string&
template_for(const std::string& generation)
{
  static std::map<std::string, std::string> templates;
  const auto found = templates.find(generation);
  if (found != templates.end()) {
    return found->second;
  }
  const auto schema = read_source_file("sql/schema/" + generation + ".sql");
  const auto demo = read_source_file("sql/demo/catalog.sql");
  const auto prefix = fmt::format("rwdt_tpl_{}_", generation);
  const auto name = fmt::format("{}{:016x}", prefix, digest(schema + '\0' + demo));
  const auto connection = admin_connection(); // its own: it holds the lock while the template is built
  pqxx::nontransaction tx(*connection);
  tx.exec("SELECT pg_advisory_lock(hashtext('rwdoctor test templates'))");
  if (tx.exec_params1("SELECT count(*) FROM pg_database WHERE datname = $1", name)[0].as<int>() == 0) {
    for (const auto& row : tx.exec_params("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", prefix)) {
      tx.exec(fmt::format("DROP DATABASE IF EXISTS {}", tx.quote_name(row[0].c_str())));
    }
    const auto building = unique_name("tpl_building");
    tx.exec(fmt::format("CREATE DATABASE {}", building));
    execute(building, schema);
    execute(building, demo);
    tx.exec(fmt::format("ALTER DATABASE {} RENAME TO {}", building, name));
  }
  tx.exec("SELECT pg_advisory_unlock(hashtext('rwdoctor test templates'))");
  return templates.emplace(generation, name).first->second;
}

} // namespace

const std::vector<std::string>&
generations()
{
  static const std::vector<std::string> names = {"v2_4", "v2_8", "v3_0_3", "head"};
  return names;
}

const std::vector<std::string>&
all_generations()
{
  static const std::vector<std::string> names = {"v2_0", "v2_4", "v2_8", "v3_0_3", "head"};
  return names;
}

std::string
read_source_file(const std::string& relative_path)
{
  std::ifstream file(std::string(RWDOCTOR_SOURCE_DIR) + "/" + relative_path, std::ios::binary);
  if (!file) {
    FAIL("cannot read " << relative_path);
  }
  std::ostringstream contents;
  contents << file.rdbuf();
  return contents.str();
}

std::string
upgrade_sql(const std::string& from, const std::string& to)
{
  const auto outcome = run_process({std::string(RWDOCTOR_SOURCE_DIR) + "/scripts/replay-migrations.sh", "upgrade", from, to});
  INFO(outcome.describe());
  REQUIRE(outcome.exited);
  REQUIRE(outcome.exit_code == 0);
  return outcome.out;
}

void
execute(const std::string& dbname, const std::string& sql)
{
  int pid = 0;
  {
    pqxx::connection connection(fmt::format("dbname={}", dbname));
    pid = connection.backendpid();
    pqxx::nontransaction tx(connection);
    tx.exec(sql);
  }
  wait_for_backend_exit(pid);
}

ScratchDatabase::ScratchDatabase() : m_name(unique_name("db"))
{
  run_admin(fmt::format("CREATE DATABASE {}", m_name));
}

ScratchDatabase::ScratchDatabase(const std::string& generation) : m_name(unique_name("db"))
{
  static std::mutex template_mutex;
  const std::lock_guard<std::mutex> lock(template_mutex);
  run_admin(fmt::format("CREATE DATABASE {} TEMPLATE {} STRATEGY FILE_COPY", m_name, template_for(generation)));
}

ScratchDatabase::ScratchDatabase(CopyTag, const std::string& source) : m_name(unique_name("db"))
{
  copy_database(source, m_name);
}

ScratchDatabase
ScratchDatabase::copy_of(const ScratchDatabase& source)
{
  return ScratchDatabase(CopyTag{}, source.name());
}

void
copy_database(const std::string& source, const std::string& target)
{
  run_admin(fmt::format("CREATE DATABASE {} TEMPLATE {} STRATEGY FILE_COPY", target, source));
}

std::string
dump_meta_tables(const std::string& dbname)
{
  // libpq directly: libpqxx 6.4 cannot stream COPY of a query.
  std::unique_ptr<PGconn, decltype(&PQfinish)> connection(PQconnectdb(fmt::format("dbname={}", dbname).c_str()),
                                                          &PQfinish);
  REQUIRE(PQstatus(connection.get()) == CONNECTION_OK);
  const auto query = [&](const std::string& sql) {
    return std::unique_ptr<PGresult, decltype(&PQclear)>(PQexec(connection.get(), sql.c_str()), &PQclear);
  };
  const auto tables = query("SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                            "WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1");
  REQUIRE(PQresultStatus(tables.get()) == PGRES_TUPLES_OK);
  std::string dump;
  for (int row = 0; row < PQntuples(tables.get()); ++row) {
    const std::string table = PQgetvalue(tables.get(), row, 0);
    dump += fmt::format("== {}\n", table);
    // In the order of the rows' COPY lines, sorted here: two dumps are equal exactly when the
    // tables hold the same rows. (ORDER BY t::text on the server cost fragment's dump 26 ms:
    // its blobs' text was built and compared for the sort.)
    const auto copy = query(fmt::format("COPY public.\"{}\" TO STDOUT", table));
    REQUIRE(PQresultStatus(copy.get()) == PGRES_COPY_OUT);
    std::vector<std::string> lines; // one row each: COPY escapes a newline inside a value
    char* buffer = nullptr;
    int length = 0;
    while ((length = PQgetCopyData(connection.get(), &buffer, 0)) > 0) {
      lines.emplace_back(buffer, static_cast<std::size_t>(length));
      PQfreemem(buffer);
    }
    REQUIRE(length == -1);
    std::sort(lines.begin(), lines.end());
    for (const auto& line : lines) {
      dump += line;
    }
    const auto done = std::unique_ptr<PGresult, decltype(&PQclear)>(PQgetResult(connection.get()), &PQclear);
    REQUIRE(PQresultStatus(done.get()) == PGRES_COMMAND_OK);
  }
  const int pid = PQbackendPID(connection.get());
  connection.reset();
  wait_for_backend_exit(pid);
  return dump;
}

namespace {

// Waits (bounded at 10 s, then gives up quietly) until no backend is connected to `dbname`:
// DROP DATABASE that finds one, even a backend whose client has closed and that is only
// exiting, sleeps 100 ms before it looks again (PostgreSQL's CountOtherDBBackends), and most
// scratch databases are dropped a moment after their last session closed.
void
wait_until_unused(const std::string& dbname)
{
  for (int attempt = 0; attempt < 10000; ++attempt) {
    const auto connected = with_admin([&](pqxx::connection& connection) {
      pqxx::nontransaction tx(connection);
      const auto rows =
        tx.exec_params("SELECT pg_stat_get_db_numbackends(oid) FROM pg_database WHERE datname = $1", dbname);
      return rows.empty() ? 0 : rows[0][0].as<int>();
    });
    if (connected == 0) {
      return;
    }
    usleep(1000);
  }
}

} // namespace

ScratchDatabase::~ScratchDatabase()
{
  try {
    wait_until_unused(m_name);
    run_admin(fmt::format("DROP DATABASE IF EXISTS {} WITH (FORCE)", m_name));
  } catch (...) {
  }
}

void
ScratchDatabase::execute(const std::string& sql) const
{
  test::execute(m_name, sql);
}

int
seed_mv_id(const ScratchDatabase& database)
{
  pqxx::connection connection(fmt::format("dbname={}", database.name()));
  pqxx::nontransaction tx(connection);
  return tx.exec1("SELECT table_id FROM \"table\" WHERE name = 'mv_orders'")[0].as<int>();
}

} // namespace rwdoctor::test
