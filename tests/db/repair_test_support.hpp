// Shared pieces of the process-level repair tests: the seed job, rwdoctor command lines, dump
// comparison and waiting for killed clients' sessions to end.
#pragma once

#include "process_runner.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <pqxx/pqxx>

#include <chrono>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace rwdoctor::test {

// Job 24 of the demo catalog (dev.public."Top Customers", fragment 8; nothing depends on it).
inline constexpr int k_job = 24;

inline const char* const k_needs_faults =
  "this test needs the fault points: configure with -DRWDOCTOR_FAULT_INJECTION=ON and rebuild";

inline std::vector<std::string>
rw_command(std::vector<std::string> args)
{
  args.insert(args.begin(), rwdoctor_binary());
  return args;
}

inline std::vector<std::string>
drop_command(const std::string& dbname, const std::string& undo_file, std::vector<std::string> extra = {})
{
  auto args = rw_command({"repair", "drop", "--job", std::to_string(k_job), "--yes", "--undo-file", undo_file, "-d", dbname});
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// The seed of the scenarios: job 24 without fragments (the delete cascades its table rows).
inline void
break_job(const ScratchDatabase& database)
{
  database.execute(fmt::format("DELETE FROM fragment WHERE job_id = {}", k_job));
}

// Empty when equal; otherwise where two meta table dumps first differ.
inline std::string
dump_difference(const std::string& expected, const std::string& actual)
{
  if (expected == actual) {
    return {};
  }
  std::istringstream left(expected);
  std::istringstream right(actual);
  std::string table;
  std::string a;
  std::string b;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(left, a));
    const bool more_b = static_cast<bool>(std::getline(right, b));
    if (!more_a && !more_b) {
      return "the dumps differ in their last byte";
    }
    if (more_a && a.rfind("== ", 0) == 0) {
      table = a;
    }
    if (!more_a || !more_b || a != b) {
      return fmt::format("first difference at line {} (table {}):\n  expected: {}\n  actual:   {}", line, table,
                         more_a ? a : "<end>", more_b ? b : "<end>");
    }
  }
}

inline std::string
read_text_file(const std::string& path)
{
  std::ifstream file(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

inline void
write_text_file(const std::string& path, const std::string& contents)
{
  std::ofstream(path, std::ios::binary | std::ios::trunc) << contents;
}

// RWDOCTOR_PAUSE_FILE of a process paused at a crash point (lib/core/fault_injection.cpp): it
// waits while the file exists.
inline void
create_pause_file(const std::string& path)
{
  std::ofstream file(path);
  file << "pause\n";
  REQUIRE(file.good());
}

// The seed incident on `generation`: a backup (the healthy demo) and a live copy whose seed
// job 16 lost its fragment rows.
struct SeedStores
{
  explicit SeedStores(const std::string& generation)
    : backup(generation), live(ScratchDatabase::copy_of(backup))
  {
    live.execute("DELETE FROM fragment WHERE job_id = 16");
  }
  ScratchDatabase backup;
  ScratchDatabase live;
};

// The one integer `sql` returns; its connection has ended on the server when this returns, so
// a repair's online gate after it does not meet it.
inline int
count(const std::string& dbname, const std::string& sql)
{
  int value = 0;
  int pid = 0;
  {
    pqxx::connection connection(fmt::format("dbname={}", dbname));
    pid = connection.backendpid();
    pqxx::nontransaction tx(connection);
    value = tx.exec1(sql)[0].as<int>();
  }
  wait_for_backend_exit(pid);
  return value;
}

// A killed client's backend ends (and rolls back) once it notices the closed socket; the next
// step must not meet it in the online gate or its locks. `rwdoctor_only`: wait only for the
// sessions of rwdoctor (application_name rwdoctor), while the test's own stay. A backend
// leaves pg_stat_activity before it releases its locks (PostgreSQL's exit clears its activity
// entry first), so this also waits until no relation lock of the database is held by a
// process that is no longer a session.
inline void
wait_until_no_clients(const std::string& dbname, bool rwdoctor_only = false)
{
  pqxx::connection connection("dbname=postgres");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  for (;;) {
    pqxx::nontransaction tx(connection);
    const auto left =
      tx.exec_params1("SELECT (SELECT count(*)::int FROM pg_stat_activity WHERE datname = $1 AND backend_type = "
                      "'client backend' AND pid <> pg_backend_pid() AND (NOT $2 OR application_name = 'rwdoctor')) "
                      "+ (SELECT count(*)::int FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
                      "WHERE d.datname = $1 AND l.locktype = 'relation' AND l.pid IS NOT NULL "
                      "AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = l.pid))",
                      dbname, rwdoctor_only)[0]
        .as<int>();
    tx.commit();
    if (left == 0) {
      return;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      FAIL(left << " session(s) or exiting backends' locks of database " << dbname << " were left after 60 s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

} // namespace rwdoctor::test
