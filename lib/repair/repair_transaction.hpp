// What every writing command (drop, restore, undo) does around its change: the repair lock,
// the safety gates, the table locks before the snapshot, retries of serialization failures,
// and the undo file that becomes usable only once its repair has committed.
#pragma once

#include "core/error.hpp"
#include "db/activity.hpp"
#include "db/meta_store_session.hpp"
#include "util/durable_file.hpp"

#include <fmt/format.h>
#include <pqxx/except>

#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::repair {

struct SafetyGates
{
  bool allow_online = false; // --allow-online
  int lease_seconds = 30;    // --lease-secs: a fresher meta leader heartbeat means "online"
};

// Takes the repair lock, checks the gates, and restarts the session's transaction with
// LOCK TABLE as its first statement, so its snapshot is taken after the locks (and checks the
// gates again under them). Lock waits are reported to `on_wait`. Throws RefusedError (naming
// the sessions in the way) or OperationalError.
void prepare_repair_transaction(db::MetaStoreSession& session, const SafetyGates& gates,
                                const db::LockWaitReport& on_wait = {});

// Why the gates would refuse a repair now, each naming what it saw (the heartbeat's age, the
// other sessions with pid, application, user, client and state); empty when they would let it
// run. With `wait_for_own_sessions`, sessions of rwdoctor commands that just ended are given
// up to 2 s to go (a repair); without, the state is read once (a dry run).
std::vector<std::string> gate_refusals(db::MetaStoreSession& session, const SafetyGates& gates,
                                       bool wait_for_own_sessions);

// Refuses with the first reason a plan must not run, saying how many more there are.
void refuse_if_any(const std::vector<std::string>& refusals, std::string_view what);

// The undo file of one attempt of a repair: written under its pending name before the change,
// published under its own name only after COMMIT. A kill before COMMIT leaves at most the
// pending file, which undo refuses unless the audit table or the rows show the repair
// committed; an attempt that fails removes it.
class PendingUndoFile
{
public:
  explicit PendingUndoFile(std::string path);
  // Writes the pending file durably (never over an existing file or pending file).
  void write(const std::string& contents);
  // After COMMIT: gives the file its own name. Returns the path undo should be given (the
  // pending one if the rename failed: the repair has committed all the same).
  std::string publish();
  // After a failed attempt: removes the pending file, if written.
  void discard();
  const std::string& path() const { return m_path; }

private:
  std::string m_path;
  bool m_written = false;
};

// Runs one attempt of a repair after another until it commits: a serialization failure or a
// deadlock is retried (3 attempts in all), any other failure ends it. `body` records its undo
// file in its argument, so a repair that did not commit leaves none behind (unless the
// commit's outcome is unknown: then the pending file may be needed).
template <typename Body>
auto
with_retries(std::string_view what, const std::string& undo_path, Body&& body)
  -> decltype(body(std::declval<PendingUndoFile&>()))
{
  constexpr int k_attempts = 3;
  for (int attempt = 1;; ++attempt) {
    PendingUndoFile undo(undo_path);
    try {
      return body(undo);
    } catch (const pqxx::transaction_rollback&) {
      // A serialization failure or a deadlock with another writer: nothing was committed, so
      // the whole attempt runs again.
      undo.discard();
      if (attempt >= k_attempts) {
        throw OperationalError(fmt::format("the {} hit {} serialization failures or deadlocks in a row and was "
                                           "rolled back",
                                           what, attempt),
                               fmt::format("Another session keeps writing to the meta store; stop it and run the {} "
                                           "again.",
                                           what));
      }
    } catch (const CommitInDoubtError&) {
      throw; // the repair may have committed: its pending undo file stays
    } catch (...) {
      undo.discard();
      throw;
    }
  }
}

} // namespace rwdoctor::repair
