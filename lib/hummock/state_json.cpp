#include "hummock/state_json.hpp"

namespace rwdoctor::hummock {

namespace {

nlohmann::json
number_or_null(const std::optional<std::int64_t>& value)
{
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

} // namespace

nlohmann::json
state_json(const StateSummary& summary)
{
  auto tables = nlohmann::json::array();
  for (const auto& table : summary.tables) {
    tables.push_back(nlohmann::json{
      {"table_id", table.table_id},
      {"grade", std::string(grade_name(table.grade))},
      {"keys", number_or_null(table.keys)},
      {"bytes", number_or_null(table.bytes)},
      {"evidence", table.evidence},
    });
  }
  return nlohmann::json{
    {"grade", std::string(grade_name(summary.grade))},
    {"keys", number_or_null(summary.keys)},
    {"bytes", number_or_null(summary.bytes)},
    {"tables", tables},
  };
}

nlohmann::json
job_states_json(const std::map<int, StateSummary>& states)
{
  auto jobs = nlohmann::json::array();
  for (const auto& [job, summary] : states) {
    auto entry = nlohmann::json{{"job_id", job}};
    entry.update(state_json(summary));
    jobs.push_back(std::move(entry));
  }
  return jobs;
}

} // namespace rwdoctor::hummock
