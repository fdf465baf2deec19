#include "db/activity.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <map>

namespace rwdoctor::db {

std::string
describe_session(const SessionInfo& session)
{
  return fmt::format("pid {} ({}, user {}, {}, {} since {})", session.pid, util::printable(session.application),
                     util::printable(session.user), session.client, session.state, session.since);
}

std::vector<SessionInfo>
other_sessions(MetaStoreSession& session, const std::optional<std::vector<int>>& pids)
{
  std::vector<SessionInfo> sessions;
  // run_file passes no NULL: an empty array stands for "all" here.
  const auto rows =
    session.run_file("sql/repair/session_list.sql", {pids ? util::pg_int_array(*pids) : std::string("{}")});
  for (const auto& row : rows.values) {
    SessionInfo info;
    info.pid = std::stoi(row[0].value_or("0"));
    info.application = row[1].value_or("");
    info.user = row[2].value_or("");
    info.client = row[3].value_or("");
    info.state = row[4].value_or("");
    info.since = row[5].value_or("");
    sessions.push_back(std::move(info));
  }
  return sessions;
}

std::string
describe_lock_holders(MetaStoreSession& session, const std::vector<std::string>& tables)
{
  std::vector<LockHolder> holders;
  std::vector<int> pids;
  for (const auto& row : session.run_file("sql/repair/lock_holders.sql", {session.schema(), util::pg_text_array(tables)})
                           .values) {
    LockHolder holder;
    holder.pid = std::stoi(row[0].value_or("0"));
    holder.table = row[1].value_or("");
    holder.modes = row[2].value_or("");
    holder.writing = holder.modes.find("RowExclusiveLock") != std::string::npos;
    if (pids.empty() || pids.back() != holder.pid) {
      pids.push_back(holder.pid);
    }
    holders.push_back(std::move(holder));
  }
  if (holders.empty()) {
    return {};
  }
  std::map<int, std::string> described;
  for (const auto& info : other_sessions(session, pids)) {
    described[info.pid] = describe_session(info);
  }
  std::string text;
  std::size_t listed = 0;
  for (const auto& holder : holders) {
    if (++listed > 5) {
      text += fmt::format("; and {} more", holders.size() - 5);
      break;
    }
    const auto found = described.find(holder.pid);
    text += fmt::format("{}{} {} {}", text.empty() ? "" : "; ",
                        found != described.end() ? found->second : fmt::format("pid {}", holder.pid),
                        holder.writing ? "is writing to" : fmt::format("holds {} on", holder.modes), holder.table);
  }
  return text;
}

std::string
describe_repair_lock_holders(MetaStoreSession& session)
{
  std::vector<int> pids;
  for (const auto& row : session.run_file("sql/repair/repair_lock_holders.sql").values) {
    pids.push_back(std::stoi(row[0].value_or("0")));
  }
  if (pids.empty()) {
    return {};
  }
  std::string text;
  for (const auto& info : other_sessions(session, pids)) {
    text += fmt::format("{}{}", text.empty() ? "" : "; ", describe_session(info));
  }
  return text.empty() ? fmt::format("pid {}", pids.front()) : text;
}

} // namespace rwdoctor::db
