// Who else is on the meta store's database: the sessions a refusal or a lock wait names (pid,
// application, user, client, state, since when), and which of them hold locks on the tables a
// repair needs. Read from pg_stat_activity and pg_locks.
#pragma once

#include "db/meta_store_session.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::db {

struct SessionInfo
{
  int pid = 0;
  std::string application;
  std::string user;
  std::string client;
  std::string state;
  std::string since;
};

// "pid 2465 (psql, user postgres, local, idle in transaction since 2026-12-02 16:52:08 UTC)".
std::string describe_session(const SessionInfo& session);

// Other client sessions on the database (at most 5, oldest first): those of `pids`, or all.
std::vector<SessionInfo> other_sessions(MetaStoreSession& session,
                                        const std::optional<std::vector<int>>& pids = std::nullopt);

// One session holding a lock that an EXCLUSIVE lock on `table` waits for.
struct LockHolder
{
  int pid = 0;
  std::string table;
  std::string modes;    // e.g. "RowExclusiveLock"
  bool writing = false; // ROW EXCLUSIVE: an INSERT, UPDATE or DELETE; otherwise a lock it took
};

// "pid 2465 (psql, ...) holds ShareLock on fragment; pid 2470 (...) is writing to actor":
// the holders of locks on `tables` that conflict with a repair's EXCLUSIVE locks, or "" when
// there are none now.
std::string describe_lock_holders(MetaStoreSession& session, const std::vector<std::string>& tables);

// "pid 2480 (rwdoctor, ...)": the sessions holding rwdoctor's repair lock, or "" when none does.
std::string describe_repair_lock_holders(MetaStoreSession& session);

// A lock wait in progress, reported about once a second while it lasts.
struct LockWait
{
  std::string what;    // "the meta store's tables", "rwdoctor's repair lock"
  std::string holders; // describe_lock_holders() or describe_repair_lock_holders()
  long waited_ms = 0;
  long limit_ms = 0;     // --lock-timeout
  bool finished = false; // the lock was granted after a reported wait
};
using LockWaitReport = std::function<void(const LockWait&)>;

} // namespace rwdoctor::db
