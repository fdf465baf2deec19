// The locks a repair takes before it reads: rwdoctor's advisory repair lock and EXCLUSIVE
// locks on the meta store's tables, each waited for in slices that name who holds it.
#include "db/row_store.hpp"

#include "db/activity.hpp"

#include "core/error.hpp"
#include "db/pqxx_compat.hpp"
#include "db/sql_errors.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>

namespace rwdoctor::db {

namespace {

constexpr long k_lock_slice_ms = 1000; // how often a lock wait looks who it waits for

long
elapsed_ms(std::chrono::steady_clock::time_point since)
{
  return static_cast<long>(
    std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - since).count());
}

// Runs `lock` (a statement that waits for a lock) in a savepoint with lock_timeout set to
// `slice_ms` (0: NOWAIT is in the statement); true when it got the lock, false when the slice
// ran out. Any other error propagates. lock_timeout is set back to the session's afterwards.
bool
try_lock_slice(MetaStoreSession& session, const std::string& lock, long slice_ms)
{
  auto& tx = session.transaction();
  try {
    Savepoint savepoint(tx, "rwdoctor_lock_slice");
    // SET is a utility statement: it takes no snapshot (the repair's snapshot must come after
    // its locks) and no parameters; the numbers are rwdoctor's own.
    if (slice_ms > 0) {
      savepoint.exec(fmt::format("SET LOCAL lock_timeout = {}", slice_ms));
    }
    savepoint.exec(lock);
    savepoint.exec(fmt::format("SET LOCAL lock_timeout = {}", session.lock_timeout_ms()));
    savepoint.commit();
    return true;
  } catch (const pqxx::sql_error& error) {
    if (effective_sqlstate(error) == "55P03") {
      return false;
    }
    throw;
  }
}

} // namespace

void
take_repair_lock(MetaStoreSession& session, const LockWaitReport& on_wait)
{
  // First without waiting: a timeout there is this session's own statement_timeout (an
  // operational error), not a sign of another repair. Only when another session holds the
  // lock does the wait follow, in slices, naming the holder; a lock or statement timeout
  // during it means the holder kept it.
  const std::string key = "pg_catalog.hashtext('rwdoctor repair')";
  bool taken = false;
  try {
    Savepoint savepoint(session.transaction(), "rwdoctor_advisory_try");
    taken = savepoint.exec(fmt::format("SELECT pg_catalog.pg_try_advisory_lock({})", key))[0][0].as<bool>();
    savepoint.commit();
  } catch (const pqxx::sql_error& error) {
    throw translate_sql_error(error, "cannot take rwdoctor's repair lock");
  }
  const auto started = std::chrono::steady_clock::now();
  const long limit = session.lock_timeout_ms();
  const std::string what = "rwdoctor's repair lock (another repair is running)";
  bool reported = false;
  while (!taken) {
    // This first transaction may take snapshots: the repair's own begins after it.
    const auto holders = describe_repair_lock_holders(session);
    const long waited = elapsed_ms(started);
    if (waited >= limit) {
      throw RefusedError(fmt::format("another rwdoctor repair is running on this database{}",
                                     holders.empty() ? std::string() : ": " + holders),
                         "Wait for it to finish (or raise --lock-timeout to wait longer), then run rwdoctor check again.");
    }
    if (on_wait) {
      on_wait(LockWait{what, holders, waited, limit, false});
      reported = true;
    }
    try {
      taken = try_lock_slice(session, fmt::format("SELECT pg_catalog.pg_advisory_lock({})", key),
                             std::min(k_lock_slice_ms, limit - waited));
    } catch (const pqxx::sql_error& error) {
      if (effective_sqlstate(error) == "57014") {
        throw RefusedError(fmt::format("another rwdoctor repair is running on this database{}",
                                       holders.empty() ? std::string() : ": " + holders),
                           "Wait for it to finish (or raise --statement-timeout and --lock-timeout), then run rwdoctor "
                           "check again.");
      }
      throw translate_sql_error(error, "cannot take rwdoctor's repair lock");
    }
  }
  if (reported) {
    on_wait(LockWait{what, "", elapsed_ms(started), limit, true});
  }
}

void
lock_tables(MetaStoreSession& session, const std::vector<std::string>& tables, const LockWaitReport& on_wait)
{
  std::string list;
  for (const auto& table : tables) {
    list += fmt::format("{}{}", list.empty() ? "" : ", ", session.transaction().quote_name(table));
  }
  if (list.empty()) {
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  const long limit = session.lock_timeout_ms();
  try {
    if (try_lock_slice(session, fmt::format("LOCK TABLE {} IN EXCLUSIVE MODE NOWAIT", list), 0)) {
      return;
    }
    const std::string what = "a lock on the meta store's tables";
    bool reported = false;
    for (;;) {
      // Who holds the locks is read in a transaction of its own, thrown away before the next
      // try: the repair's transaction must take its snapshot after its locks.
      session.restart_repair_transaction();
      const auto holders = describe_lock_holders(session, tables);
      session.restart_repair_transaction();
      const long waited = elapsed_ms(started);
      if (waited >= limit) {
        throw RefusedError(
          fmt::format("the meta store's tables stayed locked for --lock-timeout {} ms{}", limit,
                      holders.empty() ? std::string(" by another session") : ": " + holders),
          "Stop the meta node and the sessions named (pg_terminate_backend(pid) ends one), or raise --lock-timeout, "
          "then try again; nothing was changed.");
      }
      if (on_wait) {
        on_wait(LockWait{what, holders, waited, limit, false});
        reported = true;
      }
      if (try_lock_slice(session, fmt::format("LOCK TABLE {} IN EXCLUSIVE MODE", list),
                         std::min(k_lock_slice_ms, limit - waited))) {
        if (reported) {
          on_wait(LockWait{what, "", elapsed_ms(started), limit, true});
        }
        return;
      }
    }
  } catch (const pqxx::sql_error& error) {
    if (effective_sqlstate(error) == "42501") {
      throw RefusedError(fmt::format("this role may not change the meta store's tables: {}",
                                     server_message(error)),
                         "Repairs need a role that can write the meta store (the meta node's own); check needs only "
                         "SELECT.");
    }
    throw translate_sql_error(error, "cannot lock the meta store's tables");
  }
}

} // namespace rwdoctor::db
