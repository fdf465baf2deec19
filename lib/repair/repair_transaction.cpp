#include "repair/repair_transaction.hpp"

#include "db/activity.hpp"
#include "db/row_store.hpp"
#include "repair/undo_file.hpp"

#include <chrono>
#include <thread>
#include <unistd.h>

namespace rwdoctor::repair {

namespace {

// How often, and how far apart, the online gate looks while only rwdoctor's sessions remain.
constexpr int k_gate_looks = 21;
constexpr std::chrono::milliseconds k_gate_pause{100};

const char* const k_gate_hint = "Stop every meta node (and other clients of this database) first, or pass "
                                "--allow-online if you are sure nothing writes to the meta store.";

void
check_gates(db::MetaStoreSession& session, const SafetyGates& gates)
{
  const auto refusals = gate_refusals(session, gates, true);
  if (!refusals.empty()) {
    throw RefusedError(refusals.front(), k_gate_hint);
  }
}

} // namespace

// The repair lock, the gates and the table list are read in a first transaction; the
// repair's own transaction then starts with LOCK TABLE, so its snapshot is taken after the
// locks and a write that committed while the repair waited for them is part of the plan (the
// sibling of the before run imports that snapshot too). The gates are read twice: first so
// that a live meta store is refused without its tables ever being locked (a waiting EXCLUSIVE
// lock stalls the meta node's writes), then again under the locks.
void
prepare_repair_transaction(db::MetaStoreSession& session, const SafetyGates& gates, const db::LockWaitReport& on_wait)
{
  db::take_repair_lock(session, on_wait);
  check_gates(session, gates);
  const auto tables = db::tables_linked_to_object(session);
  session.restart_repair_transaction();
  db::lock_tables(session, tables, on_wait);
  check_gates(session, gates);
}

std::vector<std::string>
gate_refusals(db::MetaStoreSession& session, const SafetyGates& gates, bool wait_for_own_sessions)
{
  std::vector<std::string> refusals;
  if (gates.allow_online) {
    return refusals;
  }
  if (const auto age = session.leader_heartbeat_age_seconds(session.schema_facts()); age && *age < gates.lease_seconds) {
    refusals.push_back(fmt::format("a meta node leader sent a heartbeat {:.0f} seconds ago (fresher than "
                                   "--lease-secs {}): the meta node looks alive",
                                   *age, gates.lease_seconds));
  }
  if (wait_for_own_sessions && !refusals.empty()) {
    return refusals; // a repair refuses on the heartbeat at once
  }
  // The backend of an rwdoctor command that has just exited (a runbook's previous step) can
  // be listed for a moment after its client is gone. While every other session is
  // rwdoctor's, the gate looks again before it refuses; any other client refuses at once.
  for (int look = 1;; ++look) {
    const auto sessions = session.run_file("sql/repair/online_gate.sql");
    const auto value = [&](std::size_t column) {
      return sessions.values.empty() ? 0L : std::stol(sessions.values[0][column].value_or("0"));
    };
    const long others = value(0);
    const long own = value(1);
    if (others == 0) {
      return refusals;
    }
    if (own < others || look == k_gate_looks || !wait_for_own_sessions) {
      std::string named;
      for (const auto& info : db::other_sessions(session)) {
        named += fmt::format("{}{}", named.empty() ? "" : "; ", db::describe_session(info));
      }
      refusals.push_back(fmt::format(
        "{} other client session(s) are connected to database \"{}\"{}{}", others, session.database(),
        own == 0 || !wait_for_own_sessions
          ? ""
          : fmt::format(" ({} of them rwdoctor's, still there after {} ms)", own,
                        (k_gate_looks - 1) * k_gate_pause.count()),
        named.empty() ? "" : ": " + named));
      return refusals;
    }
    std::this_thread::sleep_for(k_gate_pause);
    session.run_file("sql/repair/activity_snapshot_clear.sql");
  }
}

void
refuse_if_any(const std::vector<std::string>& refusals, std::string_view what)
{
  if (refusals.empty()) {
    return;
  }
  throw RefusedError(fmt::format("{} cannot be applied: {}", what, refusals.front()),
                     refusals.size() > 1 ? fmt::format("There {} {} more reason{} why it cannot; see them all with "
                                                       "--dry-run.",
                                                       refusals.size() == 2 ? "is" : "are", refusals.size() - 1,
                                                       refusals.size() == 2 ? "" : "s")
                                         : "See the plan with --dry-run.");
}

PendingUndoFile::PendingUndoFile(std::string path) : m_path(std::move(path))
{
}

void
PendingUndoFile::write(const std::string& contents)
{
  // The final name must be free too: publishing never replaces a file.
  if (::access(m_path.c_str(), F_OK) == 0) {
    throw OperationalError(fmt::format("cannot create '{}': File exists", m_path),
                           "Choose another path with --undo-file; an undo file is never overwritten. Nothing was changed.");
  }
  util::write_new_file_durably(pending_undo_path(m_path), contents);
  m_written = true;
}

std::string
PendingUndoFile::publish()
{
  if (!m_written) {
    return {};
  }
  m_written = false;
  return util::rename_durably(pending_undo_path(m_path), m_path) ? m_path : pending_undo_path(m_path);
}

void
PendingUndoFile::discard()
{
  if (m_written) {
    util::remove_file_quietly(pending_undo_path(m_path));
    m_written = false;
  }
}

} // namespace rwdoctor::repair
