#include "repair/plan_report.hpp"

#include "repair/drop_identity.hpp"

#include "hummock/state_json.hpp"

#include "repair/all_plan_report.hpp"

#include "core/error.hpp"
#include "core/version.hpp"
#include "db/cascade_indexes.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace rwdoctor::repair {

namespace {

// Above a plan's statements; two lines, so that it fits an 80-column terminal.
constexpr const char* k_sql_heading = "\nSQL, in one SERIALIZABLE transaction (after an advisory lock, table locks,\n"
                                      "a re-check of this plan and the undo file):\n";

std::string_view
reason_text(Reason reason)
{
  switch (reason) {
  case Reason::requested:
    return "requested";
  case Reason::internal_table:
    return "internal table of";
  case Reason::associated_source:
    return "connector source of";
  case Reason::replacement:
    return "unfinished replacement of";
  case Reason::sink_into:
    return "sink into";
  case Reason::subscription:
    return "subscription on";
  case Reason::child:
    return "belongs to";
  case Reason::orphan_internal:
    return "orphan object left by";
  case Reason::dependent:
    return "depends on (--cascade)";
  }
  return "?";
}

} // namespace

std::string
render_gates_now(const std::optional<std::vector<std::string>>& gates_now)
{
  if (!gates_now) {
    return {};
  }
  if (gates_now->empty()) {
    return "\nsafety gates now: clear (no other session, no fresh meta leader heartbeat)\n";
  }
  std::string out = "\nsafety gates now: --yes would be refused:\n";
  for (const auto& reason : *gates_now) {
    out += fmt::format("  - {}\n", reason);
  }
  return out;
}

Json
meta_store_json(const std::string& database, const std::string& schema, const std::string& generation,
                const db::ServerIdentity& server)
{
  return Json{{"database", database},
              {"schema", schema},
              {"generation", generation},
              {"system_identifier", server.system_identifier ? Json(*server.system_identifier) : Json(nullptr)},
              {"host", server.host},
              {"port", server.port}};
}

Json
plan_json(const DropPlan& plan)
{
  Json objects = Json::array();
  for (const auto& object : plan.objects) {
    objects.push_back(Json{
      {"oid", object.oid},
      {"object_type", object.object_type},
      {"name", object.name ? Json(*object.name) : Json(nullptr)},
      {"job_status", object.job_status ? Json(*object.job_status) : Json(nullptr)},
      {"database_id", object.database_id ? Json(*object.database_id) : Json(nullptr)},
      {"reason", std::string(to_string(object.reason))},
      {"because_of", object.because_of},
    });
  }
  Json counts = Json::object();
  for (const auto& [table, count] : plan.row_counts()) {
    counts[table] = count;
  }
  Json preconditions = Json::array();
  for (const auto& finding : plan.findings) {
    preconditions.push_back(Json{
      {"check", finding.check},
      {"severity", std::string(checks::to_string(finding.severity))},
      {"job_id", finding.job_id ? Json(*finding.job_id) : Json(nullptr)},
      {"object_id", finding.object_id ? Json(*finding.object_id) : Json(nullptr)},
      {"message", finding.message},
    });
  }
  return Json{
    {"format", "rwdoctor-plan"},
    {"format_version", 1},
    {"tool_version", std::string(tool_version())},
    {"action", "drop"},
    {"meta_store", meta_store_json(plan.database, plan.schema, plan.generation, plan.server)},
    {"request", Json{{"jobs", plan.request.jobs}, {"cascade", plan.request.cascade},
                     {"drop_running", plan.request.drop_running},
                     {"drop_unrestorable", plan.request.drop_unrestorable}}},
    {"objects", objects},
    {"refusals", plan.refusals},
    {"gates_now", plan.gates_now ? Json(*plan.gates_now) : Json(nullptr)},
    {"row_counts", counts},
    {"rows_hash", plan.rows_hash},
    {"preconditions", preconditions},
    {"state", hummock::job_states_json(plan.state)},
    {"statements", plan.statements},
    {"not_cleaned_by_sql", plan.not_cleaned},
  };
}

namespace {

// A refused plan says so first: the one line that matters is not below its SQL.
std::string
render_refusals(const std::vector<std::string>& refusals)
{
  std::string out;
  if (!refusals.empty()) {
    out += "\nthis plan cannot be applied:\n";
    for (const auto& refusal : refusals) {
      out += fmt::format("  - {}\n", refusal);
    }
  }
  return out;
}

} // namespace

std::string
name_or_unknown(const PlanObject& object)
{
  if (object.name) {
    return *object.name;
  }
  return object.kind_from_fragments ? fmt::format("(name unknown; a {} by its fragments)",
                                                  util::to_lower(*object.kind_from_fragments))
                                    : std::string("(name unknown)");
}

std::string
render_plan_text(const DropPlan& plan, bool verbose)
{
  std::string out = fmt::format("plan: drop {} object(s) from database \"{}\", schema \"{}\" (RisingWave {})\n",
                                plan.objects.size(), plan.database, plan.schema, plan.generation);
  for (const auto& finding : plan.findings) {
    out += fmt::format("  because [{}] {}: {}\n", finding.check, checks::to_string(finding.severity), finding.message);
  }
  out += render_refusals(plan.refusals);
  if (plan.objects.empty()) {
    return out + "\nnothing to drop: the plan has no objects (see why above)\n"; // a mistyped job id, say
  }
  out += "\nobjects to remove:\n";
  for (const auto& object : plan.objects) {
    const auto why = object.reason == Reason::requested
                       ? std::string("requested")
                       : fmt::format("{} {}", reason_text(object.reason), object.because_of);
    out += fmt::format("  {:>8}  {:<12} {:<50} {}\n", object.oid, object.object_type,
                       util::printable(name_or_unknown(object)), why);
  }
  out += "\nrows that will disappear (cascades included):\n";
  std::size_t total = 0;
  for (const auto& [table, count] : plan.row_counts()) {
    out += fmt::format("  {:<28} {:>8}\n", table, count);
    total += count;
  }
  out += fmt::format("  {:<28} {:>8}\n", "total", total);
  out += k_sql_heading;
  // The temporary indexes are one line unless asked for: 40 lines of them would push the
  // statements that matter off an 80x24 screen.
  const auto temporary = [](const std::string& statement, const char* verb) {
    return statement.rfind(fmt::format("{} INDEX {}", verb, db::k_cascade_index_prefix), 0) == 0;
  };
  const auto indexes = std::count_if(plan.statements.begin(), plan.statements.end(),
                                     [&](const std::string& statement) { return temporary(statement, "CREATE"); });
  bool folded = false;
  for (const auto& statement : plan.statements) {
    if (!verbose && (temporary(statement, "CREATE") || temporary(statement, "DROP"))) {
      if (!folded) {
        out += fmt::format("  -- {} temporary index(es) on unindexed foreign keys ({}1..{}), created before the "
                           "deletes and dropped before COMMIT (--verbose lists them)\n",
                           indexes, db::k_cascade_index_prefix, indexes);
        folded = true;
      }
      continue;
    }
    out += fmt::format("  {}\n", statement);
  }
  out += render_drop_state(plan.state);
  std::string identities;
  for (const int job : plan.request.jobs) {
    if (const auto identity = identity_of(plan.changes.removed, job, plan.request.backup_definitions)) {
      identities += fmt::format("  - {}\n", util::printable(identity_text(*identity)));
    }
  }
  if (!identities.empty()) {
    out += "\nwhat identifies the jobs (to recreate them; the undo file keeps every row):\n" + identities;
  }
  if (!plan.not_cleaned.empty()) {
    out += "\nnot cleaned by SQL (follow up once the meta node runs again):\n";
    for (const auto& note : plan.not_cleaned) {
      out += fmt::format("  - {}\n", note);
    }
  }
  out += render_gates_now(plan.gates_now);
  return out;
}

std::string
render_drop_state(const std::map<int, hummock::StateSummary>& states)
{
  std::string out;
  for (const auto& [job, state] : states) {
    if (const auto note = hummock::drop_note(job, state); !note.empty()) {
      out += fmt::format("{}  - {}\n", out.empty() ? "\nstate in Hummock (at plan time):\n" : "", note);
    }
  }
  return out;
}

Json
restore_plan_json(const RestorePlan& plan)
{
  Json counts = Json::object();
  for (const auto& [table, count] : plan.row_counts()) {
    counts[table] = count;
  }
  Json updates = Json::array();
  for (const auto& update : plan.changes.updates) {
    Json key = Json::array();
    for (const auto& value : update.key) {
      key.push_back(value ? Json(*value) : Json(nullptr));
    }
    updates.push_back(Json{{"table", update.table},
                           {"key", key},
                           {"column", update.column},
                           {"live", update.old_value ? Json(*update.old_value) : Json(nullptr)},
                           {"backup", update.new_value ? Json(*update.new_value) : Json(nullptr)}});
  }
  Json preconditions = Json::array();
  for (const auto& finding : plan.findings) {
    preconditions.push_back(Json{{"check", finding.check},
                                 {"severity", std::string(checks::to_string(finding.severity))},
                                 {"job_id", finding.job_id ? Json(*finding.job_id) : Json(nullptr)},
                                 {"message", finding.message}});
  }
  return Json{
    {"format", "rwdoctor-plan"},
    {"format_version", 1},
    {"tool_version", std::string(tool_version())},
    {"action", "restore"},
    {"meta_store", meta_store_json(plan.database, plan.schema, plan.generation, plan.server)},
    {"backup", plan.backup},
    {"request", Json{{"jobs", plan.request.jobs}, {"cascade", false}, {"keep_live", plan.request.keep_live}}},
    {"objects", Json::array()},
    {"refusals", plan.refusals},
    {"gates_now", plan.gates_now ? Json(*plan.gates_now) : Json(nullptr)},
    {"row_counts", counts},
    {"updates", updates},
    {"left_out", plan.left_out},
    {"neighbour_jobs", plan.neighbour_jobs},
    {"rows_hash", plan.rows_hash},
    {"preconditions", preconditions},
    {"state", hummock::job_states_json(plan.state)},
  };
}

std::string
render_restore_plan_text(const RestorePlan& plan)
{
  std::string out = fmt::format("plan: restore the rows of job(s) {} into database \"{}\", schema \"{}\" "
                                "(RisingWave {}) from {}\n",
                                fmt::join(plan.request.jobs, ", "), plan.database, plan.schema, plan.generation,
                                plan.backup);
  for (const auto& finding : plan.findings) {
    out += fmt::format("  because [{}] {}: {}\n", finding.check, checks::to_string(finding.severity), finding.message);
  }
  out += render_refusals(plan.refusals);
  if (plan.changes.inserted.empty() && plan.changes.updates.empty() && !plan.refusals.empty()) {
    // Nothing would be written: empty row and SQL sections would only say so at length.
    out += "\nnothing to insert or update: the plan has no rows (see why above)\n";
    out += render_gates_now(plan.gates_now);
    return out;
  }
  out += "\nrows to insert (the backup's rows that live lacks, byte for byte, original ids):\n";
  std::size_t total = 0;
  std::map<std::string, std::size_t> inserted; // the updated rows are listed below, by column
  for (const auto& table : plan.changes.inserted) {
    inserted[table.table] += table.rows.size();
  }
  for (const auto& [table, count] : inserted) {
    out += fmt::format("  {:<28} {:>8}\n", table, count);
    total += count;
  }
  out += fmt::format("  {:<28} {:>8}\n", "total", total);
  if (!plan.changes.updates.empty()) {
    const bool sink_listed = std::any_of(plan.changes.updates.begin(), plan.changes.updates.end(),
                                         [](const RowUpdate& update) { return update.column == "incoming_sinks"; });
    out += sink_listed ? "\ncolumns set to the backup's values (incoming_sinks: live's list and the restored sink):\n"
                       : "\ncolumns set to the backup's values:\n";
    for (const auto& update : plan.changes.updates) {
      std::string key;
      for (const auto& value : update.key) {
        key += fmt::format("{}{}", key.empty() ? "" : ", ", value.value_or("NULL"));
      }
      out += fmt::format("  {} ({}).{}: {} -> {}\n", update.table, key, update.column, update.old_value.value_or("NULL"),
                         update.new_value.value_or("NULL"));
    }
  }
  if (!plan.left_out.empty()) {
    out += "\nleft out (not restored):\n";
    for (const auto& note : plan.left_out) {
      out += fmt::format("  - {}\n", note);
    }
  }
  out += k_sql_heading;
  for (const auto& table : plan.changes.inserted) {
    out += fmt::format("  INSERT INTO {} ({} columns) VALUES ... -- {} row(s) from the backup\n",
                       table.table == "table" || table.table == "index" ? fmt::format("\"{}\"", table.table) : table.table,
                       table.columns.size(), table.rows.size());
  }
  for (const auto& update : plan.changes.updates) {
    out += fmt::format("  UPDATE {} SET {} = ... -- {}\n", update.table == "table" ? "\"table\"" : update.table,
                       update.column,
                       update.column == "incoming_sinks" ? "the restored sink added" : "the backup's value");
  }
  if (!plan.state.empty()) {
    out += "\nstate in Hummock (live's meta store, at plan time):\n";
    for (const auto& [job, state] : plan.state) {
      const auto line = hummock::state_line(state);
      out += fmt::format("  job {}: {}\n", job, line.empty() ? "no state tables" : line.substr(line.find(':') + 2));
    }
  }
  if (!plan.neighbour_jobs.empty()) {
    out += fmt::format("\nafter inserting, jobs {} and {} must check clean or everything rolls back\n",
                       fmt::join(plan.request.jobs, ", "), fmt::join(plan.neighbour_jobs, ", "));
  }
  out += render_gates_now(plan.gates_now);
  return out;
}

SavedPlan
read_saved_plan(const std::string& text, const std::string& path)
{
  const auto document = unseal(text, "rwdoctor-plan", path);
  SavedPlan saved;
  try {
    saved.action = document.at("action").get<std::string>();
    if (saved.action != "drop" && saved.action != "restore" && saved.action != "all") {
      throw RefusedError(fmt::format("'{}' plans action '{}', which this rwdoctor cannot apply", path, saved.action));
    }
    if (saved.action == "all") {
      saved.all_request = all_request_from(document.at("request"));
    }
    saved.request.jobs = document.at("request").at("jobs").get<std::vector<int>>();
    saved.request.cascade = document.at("request").at("cascade").get<bool>();
    saved.request.drop_running = document.at("request").value("drop_running", false); // absent before
    saved.request.drop_unrestorable = document.at("request").value("drop_unrestorable", false); // absent before
    if (document.at("request").contains("keep_live")) {
      saved.keep_live = document.at("request").at("keep_live").get<std::vector<std::string>>();
    }
    saved.rows_hash = document.at("rows_hash").get<std::string>();
    saved.database = document.at("meta_store").at("database").get<std::string>();
    saved.schema = document.at("meta_store").at("schema").get<std::string>();
    saved.host = document.at("meta_store").value("host", "");
    saved.port = document.at("meta_store").value("port", "");
    saved.repair_id = document.value("repair_id", "");
    for (const auto& object : document.at("objects")) {
      saved.oids.push_back(object.at("oid").get<int>());
    }
    if (!document.at("refusals").empty()) {
      throw RefusedError(fmt::format("'{}' is a plan that was refused when it was made", path),
                         "Make a new plan once the reasons it lists are resolved.");
    }
  } catch (const Json::exception& error) {
    throw RefusedError(fmt::format("'{}' lacks a field of a drop plan: {}", path, error.what()),
                       "Use the plan file exactly as rwdoctor wrote it.");
  }
  return saved;
}

} // namespace rwdoctor::repair
