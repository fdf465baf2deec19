#include "report/json_report.hpp"

#include "core/version.hpp"

#include <nlohmann/json.hpp>

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
finding_json(const checks::Finding& finding)
{
  Json repairs = Json::array();
  for (const auto repair : finding.repairs) {
    repairs.push_back(std::string(checks::to_string(repair)));
  }
  return Json{
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
  };
}

} // namespace

std::string
render_check_json(const checks::CheckReport& report)
{
  Json checks_json = Json::array();
  for (const auto& outcome : report.checks) {
    checks_json.push_back(Json{
      {"id", outcome.id},
      {"status", std::string(checks::to_string(outcome.status))},
      {"findings", outcome.findings},
      {"error", outcome.error.empty() ? Json(nullptr) : Json(outcome.error)},
    });
  }
  Json findings_json = Json::array();
  std::size_t counts[4] = {0, 0, 0, 0};
  for (const auto& finding : report.findings) {
    findings_json.push_back(finding_json(finding));
    ++counts[static_cast<int>(finding.severity)];
  }
  const Json document{
    {"format_version", k_json_format_version},
    {"tool_version", std::string(tool_version())},
    {"meta_store",
     Json{
       {"generation", report.meta_store.generation},
       {"migrations", report.meta_store.migrations},
       {"unknown_migrations", report.meta_store.unknown_migrations},
       {"schema", report.meta_store.schema},
     }},
    {"checks", checks_json},
    {"findings", findings_json},
    {"summary",
     Json{
       {"critical", counts[static_cast<int>(checks::Severity::critical)]},
       {"error", counts[static_cast<int>(checks::Severity::error)]},
       {"warning", counts[static_cast<int>(checks::Severity::warning)]},
       {"info", counts[static_cast<int>(checks::Severity::info)]},
     }},
  };
  return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
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
  return document.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace rwdoctor::report
