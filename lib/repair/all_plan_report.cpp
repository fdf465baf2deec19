#include "repair/all_plan_report.hpp"

#include "core/version.hpp"
#include "repair/plan_report.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace rwdoctor::repair {

namespace {

Json
fix_plan_json(const FixPlan& plan)
{
  Json changes = Json::array();
  for (const auto& change : plan.changes) {
    changes.push_back(Json{{"check", change.check},
                           {"object_id", change.object_id},
                           {"what", change.what},
                           {"statement", change.statement}});
  }
  Json counts = Json::object();
  for (const auto& [table, count] : plan.row_counts()) {
    counts[table] = count;
  }
  return Json{{"objects", plan.objects},
              {"changes", changes},
              {"row_counts", counts},
              {"refusals", plan.refusals},
              {"rows_hash", plan.rows_hash}};
}

std::string
counts_text(const std::map<std::string, std::size_t>& counts)
{
  std::size_t total = 0;
  std::string tables;
  for (const auto& [table, count] : counts) {
    total += count;
    tables += fmt::format("{}{} {}", tables.empty() ? "" : ", ", table, count);
  }
  return fmt::format("{} row(s): {}", total, tables.empty() ? "none" : tables);
}

// What a step does, in a few lines under its incident.
std::string
step_summary(const AllStep& step)
{
  std::string out;
  constexpr const char* indent = "          ";
  if (step.fix) {
    for (const auto& change : step.fix->changes) {
      out += fmt::format("{}fix: {}\n{}     {}\n", indent, util::printable(change.what), indent,
                         util::printable(change.statement));
    }
  }
  if (step.restore) {
    out += fmt::format("{}restore from the backup: {}\n", indent, counts_text(step.restore->row_counts()));
    if (!step.restore->updates.empty()) {
      out += fmt::format("{}     and {} column value(s) set to the backup's\n", indent, step.restore->updates.size());
    }
    if (!step.restore->neighbour_jobs.empty()) {
      out += fmt::format("{}     neighbour jobs checked after it: {}\n", indent,
                         fmt::join(step.restore->neighbour_jobs, ", "));
    }
  }
  if (step.drop) {
    out += fmt::format("{}drop objects {}: {}\n", indent, fmt::join(step.drop->oids(), ", "),
                       counts_text(step.drop->row_counts()));
    for (const auto& note : step.drop->not_cleaned) {
      out += fmt::format("{}     outside the meta store: {}\n", indent, util::printable(note));
    }
  }
  return out;
}

} // namespace

Json
all_request_json(const AllRequest& request)
{
  Json choices = Json::object();
  for (const auto& [incident, kind] : request.choices) {
    choices[std::to_string(incident)] = kind ? Json(std::string(to_string(*kind))) : Json(nullptr);
  }
  return Json{{"jobs", Json::array()},
              {"cascade", request.cascade},
              {"with_backup", request.with_backup},
              {"max_objects", request.max_objects},
              {"only_objects", request.only_objects},
              {"fixes_only", request.fixes_only},
              {"choices", choices}};
}

AllRequest
all_request_from(const Json& json)
{
  AllRequest request;
  request.cascade = json.at("cascade").get<bool>();
  request.with_backup = json.at("with_backup").get<bool>();
  request.max_objects = json.at("max_objects").get<int>();
  request.only_objects = json.at("only_objects").get<std::vector<int>>();
  request.fixes_only = json.at("fixes_only").get<bool>();
  for (const auto& [incident, kind] : json.at("choices").items()) {
    int id = 0;
    if (!util::parse_int32(incident, id)) {
      throw Json::other_error::create(501, "choices: incident ids are integers", nullptr);
    }
    if (kind.is_null()) {
      request.choices[id] = std::nullopt;
      continue;
    }
    StepKind parsed{};
    if (!parse_step_kind(kind.get<std::string>(), parsed)) {
      throw Json::other_error::create(501, "choices: unknown repair " + kind.get<std::string>(), nullptr);
    }
    request.choices[id] = parsed;
  }
  return request;
}

Json
all_plan_json(const AllPlan& plan)
{
  Json steps = Json::array();
  for (const auto& step : plan.steps) {
    Json counts = Json::object();
    for (const auto& [table, count] : step.row_counts()) {
      counts[table] = count;
    }
    Json detail = step.drop ? plan_json(*step.drop)
                            : step.restore ? restore_plan_json(*step.restore) : fix_plan_json(*step.fix);
    Json joined = Json::array();
    for (const auto& other : step.joined) {
      joined.push_back(other.id);
    }
    steps.push_back(Json{{"incident", step.incident.id},
                         {"joined_incidents", joined},
                         {"title", step.incident.title},
                         {"pass", std::string(incidents::to_string(step.incident.pass))},
                         {"check", step.incident.root.check},
                         {"jobs", step.incident.jobs},
                         {"repair", std::string(to_string(step.kind))},
                         {"repairs", step.repaired()},
                         {"row_counts", counts},
                         {"rows_hash", step.rows_hash()},
                         {"plan", detail}});
  }
  Json remaining = Json::array();
  for (const auto& left : plan.remaining) {
    remaining.push_back(Json{{"incident", left.incident.id},
                             {"title", left.incident.title},
                             {"pass", std::string(incidents::to_string(left.incident.pass))},
                             {"check", left.incident.root.check},
                             {"jobs", left.incident.jobs},
                             {"statement", left.incident.root.statement ? Json(*left.incident.root.statement)
                                                                        : Json(nullptr)},
                             {"why", left.why}});
  }
  Json counts = Json::object();
  for (const auto& [table, count] : plan.row_counts()) {
    counts[table] = count;
  }
  return Json{
    {"format", "rwdoctor-plan"},
    {"format_version", 1},
    {"tool_version", std::string(tool_version())},
    {"action", "all"},
    {"meta_store", meta_store_json(plan.database, plan.schema, plan.generation, plan.server)},
    {"backup", plan.backup.empty() ? Json(nullptr) : Json(plan.backup)},
    {"request", all_request_json(plan.request)},
    {"objects", Json::array()},
    {"incidents", plan.incident_count},
    {"steps", steps},
    {"remaining", remaining},
    {"refusals", plan.refusals},
    {"gates_now", plan.gates_now ? Json(*plan.gates_now) : Json(nullptr)},
    {"row_counts", counts},
    {"rows_hash", plan.rows_hash},
  };
}

std::string
render_all_plan_text(const AllPlan& plan)
{
  std::string out = fmt::format("plan: repair {} of {} incident(s) of database \"{}\", schema \"{}\" (RisingWave {}){}\n",
                                plan.repaired_incidents(), plan.incident_count, plan.database, plan.schema, plan.generation,
                                plan.backup.empty() ? " without a backup"
                                                    : fmt::format(",\n      from {}", plan.backup));
  std::vector<std::pair<int, std::string>> blocks;
  for (const auto& step : plan.steps) {
    blocks.emplace_back(step.incident.id, fmt::format("  {} of {}  {}\n{}", step.incident.id, plan.incident_count,
                                                      util::printable(step.incident.title), step_summary(step)));
    for (const auto& other : step.joined) {
      blocks.emplace_back(other.id, fmt::format("  {} of {}  {}\n          restored together with incident {}: "
                                                "each is the other's broken neighbour\n",
                                                other.id, plan.incident_count, util::printable(other.title),
                                                step.incident.id));
    }
  }
  for (const auto& left : plan.remaining) {
    std::string text = fmt::format("  {} of {}  {}\n", left.incident.id, plan.incident_count,
                                   util::printable(left.incident.title));
    for (const auto& why : left.why) {
      text += fmt::format("          not repaired: {}\n", util::printable(why));
    }
    blocks.emplace_back(left.incident.id, text);
  }
  std::stable_sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [id, text] : blocks) {
    out += text;
  }
  if (!plan.steps.empty()) {
    out += fmt::format("\nrows changed in all: {}\n", counts_text(plan.row_counts()));
    out += "in one SERIALIZABLE transaction: the steps in this order, each planned on what\n"
           "the ones before it left; then the checks of the whole store (anything new, or\n"
           "left about what was repaired, rolls all of it back); one undo file, one audit row\n";
  }
  if (!plan.remaining.empty()) {
    out += fmt::format("{} incident(s) stay as they are (see 'not repaired')\n", plan.remaining.size());
  }
  if (plan.gates_now) {
    if (plan.gates_now->empty()) {
      out += "\nsafety gates now: clear (no other session, no fresh meta leader heartbeat)\n";
    } else {
      out += "\nsafety gates now: --yes would be refused:\n";
      for (const auto& reason : *plan.gates_now) {
        out += fmt::format("  - {}\n", reason);
      }
    }
  }
  if (!plan.refusals.empty()) {
    out += "\nthis plan cannot be applied:\n";
    for (const auto& refusal : plan.refusals) {
      out += fmt::format("  - {}\n", refusal);
    }
  }
  return out;
}

std::string
render_step_text(const AllStep& step)
{
  if (step.drop) {
    return render_plan_text(*step.drop);
  }
  if (step.restore) {
    return render_restore_plan_text(*step.restore);
  }
  std::string out = "plan: fix, in the repair transaction:\n";
  for (const auto& change : step.fix->changes) {
    out += fmt::format("  {}\n    {}\n", util::printable(change.what), util::printable(change.statement));
  }
  return out;
}

} // namespace rwdoctor::repair
