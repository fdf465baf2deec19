#include "repair/all_plan_report.hpp"

#include "hummock/state_grades.hpp"

#include "core/version.hpp"
#include "repair/drop_identity.hpp"
#include "repair/plan_report.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace rwdoctor::repair {

namespace {

Json
fix_plan_json(const FixPlan& plan)
{
  Json changes = Json::array();
  for (const auto& change : plan.fixes) {
    changes.push_back(Json{{"check", change.check},
                           {"object_id", change.object_id},
                           {"what", change.what},
                           {"statement", change.statement}});
  }
  Json counts = Json::object();
  for (const auto& [table, count] : plan.row_counts()) {
    counts[table] = count;
  }
  Json sequences = Json::array();
  for (const auto& move : plan.changes.sequences) {
    sequences.push_back(Json{{"sequence", move.sequence}, {"table", move.table}, {"from", move.from}, {"to", move.to}});
  }
  return Json{{"objects", plan.objects},
              {"changes", changes},
              {"sequences", sequences},
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

// `text` as lines of at most 80 columns, the first after `first`, the others after `indent`,
// broken at spaces; a word longer than a line stays whole.
std::string
wrapped(const std::string& first, const std::string& text, const std::string& indent)
{
  constexpr std::size_t k_width = 80;
  std::string out = first;
  std::size_t column = first.size() - (first.rfind('\n') == std::string::npos ? 0 : first.rfind('\n') + 1);
  bool line_empty = true;
  std::size_t at = 0;
  while (at < text.size()) {
    auto end = text.find(' ', at);
    if (end == std::string::npos) {
      end = text.size();
    }
    const auto word = text.substr(at, end - at);
    if (!line_empty && column + 1 + word.size() > k_width) {
      out += "\n" + indent;
      column = indent.size();
      line_empty = true;
    }
    if (!line_empty) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    line_empty = false;
    at = end + 1;
  }
  return out + "\n";
}

// "2 of 4  job 41 ...: relation-without-job (+4 findings)", wrapped.
std::string
heading(const IncidentSummary& incident, std::size_t count)
{
  return wrapped(fmt::format("  {} of {}  ", incident.id, count), util::printable(incident.title), "        ");
}

// The objects a drop destroys that a user created (not the internal tables and unfinished
// replacements that go with them), by type and name: "TABLE dev.public.t (30), SINK s (31)".
std::string
dropped_user_objects(const DropPlan& drop)
{
  std::vector<std::string> named;
  for (const auto& object : drop.objects) {
    if (object.reason == Reason::internal_table || object.reason == Reason::replacement) {
      continue;
    }
    named.push_back(fmt::format("{} {} ({})", object.object_type, name_or_unknown(object), object.oid));
  }
  return util::printable(fmt::format("{}", fmt::join(named, ", ")));
}

// What a step does, in a few lines under its incident.
std::string
step_summary(const AllStep& step)
{
  std::string out;
  const std::string indent = "      ";
  const std::string more = indent + "  ";
  if (step.fix) {
    for (const auto& change : step.fix->fixes) {
      out += wrapped(indent, "fix: " + util::printable(change.what), more);
      out += more + util::statement_head(change.statement, 160, "--plan-out FILE") + "\n";
    }
  }
  if (step.restore) {
    std::map<std::string, std::size_t> inserted; // the column values set are counted below
    for (const auto& table : step.restore->changes.inserted) {
      inserted[table.table] += table.rows.size();
    }
    out += wrapped(indent, "restore from the backup, " + counts_text(inserted), more);
    if (!step.restore->changes.updates.empty()) {
      out += fmt::format("{}and {} column value(s) set to the backup's\n", more, step.restore->changes.updates.size());
    }
    for (const auto& [job, state] : step.restore->state) {
      if (const auto line = hummock::state_line(state); !line.empty()) {
        out += wrapped(more, fmt::format("job {}'s {}", job, line), more);
      }
    }
    if (!step.restore->neighbour_jobs.empty()) {
      out += wrapped(more,
                     fmt::format("checked after it: neighbour jobs {}", fmt::join(step.restore->neighbour_jobs, ", ")),
                     more);
    }
  }
  if (step.drop) {
    for (const auto& why : step.passed_over) {
      out += wrapped(indent, util::printable(why), more);
    }
    out += wrapped(indent,
                   fmt::format("drop objects {}, {}", fmt::join(step.drop->oids(), ", "),
                               counts_text(step.drop->row_counts())),
                   more);
    out += wrapped(more, "user objects it destroys: " + dropped_user_objects(*step.drop), more);
    for (const int job : step.drop->request.jobs) {
      if (const auto identity = identity_of(step.drop->changes.removed, job, step.drop->request.backup_definitions)) {
        out += wrapped(more, "what identifies " + util::printable(identity_text(*identity)) + " (the undo file keeps "
                             "every row)",
                       more);
      }
    }
    for (const auto& [job, state] : step.drop->state) {
      if (const auto note = hummock::drop_note(job, state); !note.empty()) {
        out += wrapped(more, note, more);
      }
    }
    for (const auto& note : step.drop->not_cleaned) {
      out += wrapped(more, "outside the meta store: " + util::printable(note), more);
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
              {"drop_unrestorable", request.drop_unrestorable},
              {"with_backup", request.with_backup},
              {"max_objects", request.max_objects},
              {"only_objects", request.only_objects},
              {"only_checks", request.only_checks},
              {"fixes_only", request.fixes_only},
              {"choices", choices}};
}

AllRequest
all_request_from(const Json& json)
{
  AllRequest request;
  request.cascade = json.at("cascade").get<bool>();
  request.drop_unrestorable = json.value("drop_unrestorable", false); // absent in plans of earlier builds
  request.with_backup = json.at("with_backup").get<bool>();
  request.max_objects = json.at("max_objects").get<int>();
  request.only_objects = json.at("only_objects").get<std::vector<int>>();
  request.only_checks = json.at("only_checks").get<std::vector<std::string>>();
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
                         {"runs_after", step.runs_after},
                         {"title", step.incident.title},
                         {"pass", std::string(incidents::to_string(step.incident.pass))},
                         {"check", step.incident.root.check},
                         {"jobs", step.incident.jobs},
                         {"repair", std::string(to_string(step.kind))},
                         {"passed_over", step.passed_over},
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
                             {"why", left.why},
                             {"goes_with", left.goes_with ? Json(*left.goes_with) : Json(nullptr)}});
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

namespace {

// Each incident's block of the plan, by incident: its step, a step it was restored together
// with, or why it stays.
std::vector<std::pair<int, std::string>>
incident_blocks(const AllPlan& plan)
{
  std::vector<std::pair<int, std::string>> blocks;
  for (const auto& step : plan.steps) {
    // A step of the second round runs after the steps it waited for, not in incident order.
    const auto after = step.runs_after.empty()
                         ? std::string()
                         : wrapped("      ",
                                   fmt::format("runs after incident{} {}: its first try was refused ({})",
                                               step.runs_after.size() == 1 ? "" : "s",
                                               fmt::join(step.runs_after, ", "), util::printable(step.first_refusal)),
                                   "        ");
    blocks.emplace_back(step.incident.id, heading(step.incident, plan.incident_count) + after + step_summary(step));
    for (const auto& other : step.joined) {
      blocks.emplace_back(other.id, heading(other, plan.incident_count)
                                      + wrapped("      ",
                                                fmt::format("restored together with incident {}: their restores "
                                                            "need each other",
                                                            step.incident.id),
                                                "        "));
    }
  }
  for (const auto& left : plan.remaining) {
    std::string text = heading(left.incident, plan.incident_count);
    for (const auto& why : left.why) {
      const bool expected = left.goes_with && &why == &left.why.front();
      text += wrapped("      ", (expected ? "" : "not repaired: ") + util::printable(why), "        ");
    }
    blocks.emplace_back(left.incident.id, text);
  }
  std::stable_sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return blocks;
}

} // namespace

std::string
render_all_plan_text(const AllPlan& plan)
{
  std::string out = wrapped("",
                            fmt::format("plan: repair {} of {} incident(s) of database \"{}\", schema \"{}\" "
                                        "(RisingWave {}), {}",
                                        plan.repaired_incidents(), plan.incident_count, plan.database, plan.schema,
                                        plan.generation, plan.backup.empty() ? "without a backup" : "from " + plan.backup),
                            "  ");
  // A drop destroys what a user made: said first, before the steps.
  for (const auto& step : plan.steps) {
    if (step.drop) {
      out += wrapped("  ",
                     fmt::format("incident {} is a DROP of {}", step.incident.id, dropped_user_objects(*step.drop)),
                     "    ");
      for (const auto& [job, state] : step.drop->state) {
        if (const auto note = hummock::drop_note(job, state); !note.empty()) {
          out += wrapped("    ", note, "    ");
        }
      }
    }
  }
  for (const auto& [id, text] : incident_blocks(plan)) {
    out += text;
  }
  if (!plan.steps.empty()) {
    const auto counts = plan.row_counts();
    out += counts.empty() ? std::string("\n") : wrapped("\n", "rows changed in all: " + counts_text(counts), "  ");
    std::size_t sequences = 0;
    for (const auto& step : plan.steps) {
      sequences += step.changes().sequences.size();
    }
    if (sequences != 0) {
      out += fmt::format("sequences moved forward: {} (setval is not transactional; undo leaves them)\n", sequences);
    }
    out += "one SERIALIZABLE transaction: the steps in this order, each planned on what the\n"
           "ones before it left, then the checks of the whole store (anything new, or left\n"
           "about what was repaired, rolls it all back); one undo file, one audit row\n";
  }
  const auto expected = static_cast<std::size_t>(std::count_if(
    plan.remaining.begin(), plan.remaining.end(), [](const RemainingIncident& left) { return left.goes_with; }));
  if (expected != 0) {
    out += fmt::format("{} incident(s) expected to go with a restore (see 'expected to go with')\n", expected);
  }
  if (plan.remaining.size() > expected) {
    out += fmt::format("{} incident(s) stay as they are (see 'not repaired')\n", plan.remaining.size() - expected);
  }
  out += render_gates_now(plan.gates_now);
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
  for (const auto& change : step.fix->fixes) {
    out += fmt::format("  {}\n    {}\n", util::printable(change.what), util::printable(change.statement));
  }
  return out;
}

} // namespace rwdoctor::repair
