#include "repair/audit_log.hpp"

#include "core/error.hpp"
#include "core/version.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pwd.h>
#include <unistd.h>

namespace rwdoctor::repair {

namespace {

std::string
os_user()
{
  if (const auto* entry = getpwuid(geteuid())) {
    return entry->pw_name;
  }
  return std::to_string(geteuid());
}

std::vector<AuditRow>
audit_rows(const db::Rows& rows)
{
  std::vector<AuditRow> result;
  for (const auto& row : rows.values) {
    AuditRow audit;
    audit.id = std::stol(row[0].value_or("0"));
    audit.at = row[1].value_or("");
    audit.action = row[2].value_or("");
    audit.repair_id = row[3].value_or("");
    audit.undoes = row[4].value_or("");
    audit.undo_file = row[5].value_or("");
    audit.host = row[6].value_or("");
    result.push_back(std::move(audit));
  }
  return result;
}

} // namespace

std::string
host_name()
{
  char name[256] = {};
  return gethostname(name, sizeof name - 1) == 0 ? name : "unknown";
}

long
write_audit_row(db::MetaStoreSession& session, const AuditOptions& audit, const AuditEntry& entry)
{
  if (!audit.enabled) {
    return 0;
  }
  nlohmann::json counts = nlohmann::json::object();
  for (const auto& [table, count] : entry.row_counts) {
    counts[table] = count;
  }
  session.run_file("sql/repair/audit_prepare.sql");
  session.forget_schema_reads(); // it may have created or widened rwdoctor.repair_log
  const auto rows = session.run_file(
    "sql/repair/audit_insert.sql",
    {os_user(), host_name(), std::string(tool_version()), entry.action, audit.arguments, entry.plan_hash, audit.ticket,
     counts.dump(), entry.undo_file, entry.repair_id, entry.undoes, util::pg_int_array(entry.objects), entry.state});
  return rows.values.empty() ? 0 : std::stol(rows.values[0][0].value_or("0"));
}

std::string
describe_repairs(const std::map<int, AuditRow>& repairs)
{
  std::string text;
  for (const auto& [job, row] : repairs) {
    text += fmt::format("{}job {} at {} (audit row {}, repair {})", text.empty() ? "" : ", ", job, row.at, row.id,
                        row.repair_id.empty() ? "?" : row.repair_id);
  }
  return text;
}

AuditLog::AuditLog(db::MetaStoreSession& session) : m_session(session)
{
  try {
    const auto rows = session.run_file("sql/repair/audit_readable.sql");
    m_readable = !rows.values.empty() && rows.values[0][0].value_or("0") != "0";
  } catch (const OperationalError&) {
    m_readable = false;
  }
}

std::vector<AuditRow>
AuditLog::rows_of(const std::string& repair_id)
{
  if (!m_readable || repair_id.empty()) {
    return {};
  }
  try {
    return audit_rows(m_session.run_file("sql/repair/audit_of_repair.sql", {repair_id}));
  } catch (const OperationalError&) {
    return {}; // no SELECT on the audit table: the rows decide
  }
}

std::map<int, AuditRow>
AuditLog::last_repairs(const std::string& action, const std::vector<int>& jobs)
{
  std::map<int, AuditRow> found;
  if (!m_readable || jobs.empty()) {
    return found;
  }
  try {
    const auto rows = m_session.run_file("sql/repair/audit_last_repairs.sql", {action, util::pg_int_array(jobs)});
    const auto audit = audit_rows(rows);
    for (std::size_t i = 0; i < rows.values.size(); ++i) {
      found.emplace(std::stoi(rows.values[i][7].value_or("0")), audit[i]);
    }
  } catch (const OperationalError&) {
  }
  return found;
}

std::vector<AuditRow>
AuditLog::later_repairs(const std::string& repair_id, const std::vector<int>& objects, long after_row,
                        const std::string& after_time)
{
  if (!m_readable || objects.empty()) {
    return {};
  }
  try {
    return audit_rows(m_session.run_file("sql/repair/audit_later_repairs.sql",
                                         {repair_id, util::pg_int_array(objects), std::to_string(after_row),
                                          after_time.empty() ? "-infinity" : after_time}));
  } catch (const OperationalError&) {
    return {};
  }
}

} // namespace rwdoctor::repair
