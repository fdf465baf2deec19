#include "report/json_report.hpp"

#include "hummock/state_json.hpp"

#include "core/version.hpp"
#include "report/check_layout.hpp"
#include "report/check_renderer.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace rwdoctor::report {

namespace {

using Json = nlohmann::ordered_json;

template <typename T>
Json
or_null(const std::optional<T>& value)
{
  return value ? Json(*value) : Json(nullptr);
}

Json
finding_json(const checks::Finding& finding, const layout::FindingPlace& place)
{
  Json repairs = Json::array();
  for (const auto repair : finding.repairs) {
    repairs.push_back(std::string(checks::to_string(repair)));
  }
  // A consequence's statement is left out: its incident's repair takes it away, and running it
  // by hand could delete rows that repair needs (an internal table a restore brings back).
  const bool statement = finding.statement && !place.cause;
  return Json{
    {"id", place.id},
    {"check", finding.check},
    {"severity", std::string(checks::to_string(finding.severity))},
    {"consequence", std::string(checks::to_string(finding.consequence))},
    {"job_id", or_null(finding.job_id)},
    {"fragment_id", or_null(finding.fragment_id)},
    {"object_id", or_null(finding.object_id)},
    {"database_id", or_null(finding.database_id)},
    {"object_type", or_null(finding.object_type)},
    {"name", or_null(finding.name)},
    {"job_status", or_null(finding.job_status)},
    {"message", finding.message},
    {"repairs", repairs},
    {"statement", statement ? Json(*finding.statement) : Json(nullptr)},
    {"cause", or_null(place.cause)},
    {"incident", or_null(place.incident)},
    {"clears_after_start", finding.clears_after_start},
    {"kind_from_fragments", or_null(finding.kind_from_fragments)},
    {"name_from_backup", or_null(finding.name_from_backup)},
    {"kind_from_backup", or_null(finding.kind_from_backup)},
  };
}

std::string
dump(const Json& json)
{
  return json.dump(2, ' ', false, Json::error_handler_t::replace);
}

} // namespace

namespace layout {

namespace {

// dump(2) of the whole document prints an element of a top-level array at indentation 4: the
// same text as the element's own dump(2) with every line indented by 4. No line break can come
// from inside a value (dump escapes control characters in strings).
std::string
array_element(const Json& element)
{
  const auto own = dump(element);
  std::string indented = "    ";
  indented.reserve(own.size() + own.size() / 8);
  for (const char c : own) {
    indented += c;
    if (c == '\n') {
      indented += "    ";
    }
  }
  return indented;
}

// Cuts `text` (a dump(2) of the document) at the empty array of top-level key `key`: the text
// up to the array's value, and the text after it. The only line break followed by two spaces
// and a key is a top-level key's: a string value cannot hold a raw line break.
std::pair<std::string, std::string>
cut_at_empty_array(const std::string& text, const std::string& key)
{
  const std::string at_key = "\n  \"" + key + "\": ";
  const auto at = text.find(at_key + "[]");
  if (at == std::string::npos) {
    throw std::logic_error("json_frame: the document has no empty " + key + " array");
  }
  const auto value = at + at_key.size();
  return {text.substr(0, value), text.substr(value + 2)};
}

} // namespace

std::string
json_finding(const checks::Finding& finding, const FindingPlace& place)
{
  return array_element(finding_json(finding, place));
}

std::string
json_incident(const IncidentView& view)
{
  const auto& incident = *view.incident;
  Json commands = Json::array();
  for (const auto& command : view.commands) {
    commands.push_back(command.text);
  }
  return array_element(Json{
    {"id", incident.id},
    {"order", incident.order},
    {"root", incident.root},
    {"pass", incidents::to_string(incident.pass)},
    {"findings", incident.findings},
    {"jobs", incident.jobs},
    {"recommended", std::string(checks::to_string(incident.recommended))},
    {"commands", commands},
    {"state", hummock::state_json(view.state.value_or(hummock::StateSummary{}))},
    {"backup", view.backup ? Json(std::string(incidents::to_string(*view.backup))) : Json(nullptr)},
  });
}

JsonFrame
json_frame(const checks::CheckRun& run, const Counts& counts)
{
  Json checks_json = Json::array();
  for (const auto& outcome : run.checks) {
    checks_json.push_back(Json{
      {"id", outcome.id},
      {"status", std::string(checks::to_string(outcome.status))},
      {"findings", outcome.findings},
      {"error", outcome.error.empty() ? Json(nullptr) : Json(outcome.error)},
    });
  }
  const Json document{
    {"format_version", k_json_format_version},
    {"tool_version", std::string(tool_version())},
    {"meta_store",
     Json{
       {"generation", run.meta_store.generation},
       {"migrations", run.meta_store.migrations},
       {"unknown_migrations", run.meta_store.unknown_migrations},
       {"schema", run.meta_store.schema},
       {"leader_heartbeat_age_s", or_null(run.meta_store.leader_heartbeat_age_s)},
     }},
    {"checks", checks_json},
    {"findings", Json::array()},
    {"incidents", Json::array()},
    {"summary",
     Json{
       {"critical", counts[static_cast<int>(checks::Severity::critical)]},
       {"error", counts[static_cast<int>(checks::Severity::error)]},
       {"warning", counts[static_cast<int>(checks::Severity::warning)]},
       {"info", counts[static_cast<int>(checks::Severity::info)]},
     }},
  };
  auto [before_findings, rest] = cut_at_empty_array(dump(document) + "\n", "findings");
  auto [before_incidents, after_incidents] = cut_at_empty_array(rest, "incidents");
  return JsonFrame{std::move(before_findings), std::move(before_incidents), std::move(after_incidents)};
}

} // namespace layout

std::string
render_check_json(const checks::CheckReport& report, const incidents::CommandContext& commands)
{
  return CheckRenderer::json(commands).render(report);
}

std::string
render_catalogue_json(const checks::Catalogue& catalogue)
{
  Json list = Json::array();
  for (const auto& id : catalogue.ids()) {
    const auto& spec = catalogue.primary(id);
    Json repairs = Json::array();
    for (const auto repair : spec.repairs) {
      repairs.push_back(std::string(checks::to_string(repair)));
    }
    Json variants = Json::array();
    for (const auto& variant : catalogue.variants(id)) {
      variants.push_back(Json{{"file", variant.path}, {"applies_to", checks::applies_to(variant)}});
    }
    list.push_back(Json{
      {"id", id},
      {"invariant", spec.invariant},
      {"title", spec.title},
      {"severity", std::string(checks::to_string(spec.severity))},
      {"consequence", std::string(checks::to_string(spec.consequence))},
      {"repairs", repairs},
      {"meta_node", spec.meta_node},
      {"variants", variants},
    });
  }
  const Json document{
    {"format_version", k_json_format_version},
    {"tool_version", std::string(tool_version())},
    {"checks", list},
  };
  return dump(document) + "\n";
}

} // namespace rwdoctor::report
