#include "watch/watch_metrics.hpp"

#include <prometheus/text_serializer.h>

#include <sstream>

namespace rwdoctor::watch {

namespace {

constexpr checks::Severity k_severities[] = {checks::Severity::critical, checks::Severity::error,
                                             checks::Severity::warning, checks::Severity::info};
constexpr checks::Repair k_repairs[] = {checks::Repair::drop_job, checks::Repair::restore_fragments,
                                        checks::Repair::restore_rows, checks::Repair::fix, checks::Repair::manual};

prometheus::Family<prometheus::Gauge>&
gauge_family(prometheus::Registry& registry, const std::string& name, const std::string& help)
{
  return prometheus::BuildGauge().Name(name).Help(help).Register(registry);
}

} // namespace

StateAtRisk
state_at_risk(const std::vector<hummock::StateSummary>& incidents)
{
  std::map<std::uint32_t, const hummock::TableState*> tables;
  for (const auto& incident : incidents) {
    for (const auto& table : incident.tables) {
      tables.emplace(table.table_id, &table);
    }
  }
  StateAtRisk risk;
  for (const auto& [id, table] : tables) {
    ++risk.tables[table->grade];
    if (table->grade != hummock::Grade::removed && table->grade != hummock::Grade::absent) {
      risk.bytes += static_cast<double>(table->bytes.value_or(0));
    }
  }
  return risk;
}

WatchMetrics::WatchMetrics(const std::vector<std::string>& check_ids)
  : m_registry(std::make_shared<prometheus::Registry>()),
    m_findings(gauge_family(*m_registry, "rwdoctor_findings",
                            "Findings of the last completed check run, by check id and severity.")),
    m_incidents(gauge_family(*m_registry, "rwdoctor_incidents",
                             "Incidents (root causes) of the last completed check run, by recommended repair.")),
    m_heartbeat(gauge_family(*m_registry, "rwdoctor_meta_leader_heartbeat_age_seconds",
                             "Age of the meta leader's last heartbeat at the last completed run (absent when the "
                             "store has none).")),
    m_info(gauge_family(*m_registry, "rwdoctor_meta_store_info",
                        "The meta store's schema generation and number of applied migrations (value 1).")),
    m_state_tables(gauge_family(*m_registry, "rwdoctor_state_tables",
                                "State tables of the last completed run's incidents, by Hummock grade (removed, "
                                "absent, lagging, unknown, present).")),
    m_state_bytes(gauge_family(*m_registry, "rwdoctor_state_bytes_at_risk",
                               "Key and value bytes (hummock_version_stats) of the incidents' state tables that "
                               "Hummock still holds: what a drop or the next recovery would discard.")
                    .Add({})),
    m_up(gauge_family(*m_registry, "rwdoctor_check_up",
                      "1 when the last check run read the whole meta store, 0 when it could not.")
           .Add({})),
    m_last_run(gauge_family(*m_registry, "rwdoctor_last_run_timestamp_seconds",
                            "Unix time at which the last check run ended, completed or not.")
                 .Add({})),
    m_duration(gauge_family(*m_registry, "rwdoctor_run_duration_seconds", "Wall time of the last check run.")
                 .Add({}))
{
  for (const auto& id : check_ids) {
    for (const auto severity : k_severities) {
      m_finding_gauges[{id, severity}] =
        &m_findings.Add({{"check", id}, {"severity", std::string(checks::to_string(severity))}});
    }
  }
  for (const auto repair : k_repairs) {
    m_incident_gauges[repair] = &m_incidents.Add({{"recommended", std::string(checks::to_string(repair))}});
  }
  for (const auto grade : {hummock::Grade::removed, hummock::Grade::absent, hummock::Grade::lagging,
                           hummock::Grade::unknown, hummock::Grade::present}) {
    m_state_gauges[grade] = &m_state_tables.Add({{"grade", std::string(hummock::grade_name(grade))}});
  }
}

void
WatchMetrics::record_completed(const RunSummary& summary, const std::set<std::string>& failed, double run_seconds,
                               double end_timestamp)
{
  for (auto& [key, gauge] : m_finding_gauges) {
    if (failed.count(key.first) != 0) {
      continue;
    }
    const auto found = summary.findings.find(key);
    gauge->Set(found == summary.findings.end() ? 0.0 : static_cast<double>(found->second));
  }
  for (auto& [repair, gauge] : m_incident_gauges) {
    const auto found = summary.incidents.find(repair);
    gauge->Set(found == summary.incidents.end() ? 0.0 : static_cast<double>(found->second));
  }
  for (auto& [grade, gauge] : m_state_gauges) {
    const auto found = summary.state.tables.find(grade);
    gauge->Set(found == summary.state.tables.end() ? 0.0 : static_cast<double>(found->second));
  }
  m_state_bytes.Set(summary.state.bytes);
  if (m_heartbeat_gauge != nullptr) {
    m_heartbeat.Remove(m_heartbeat_gauge);
    m_heartbeat_gauge = nullptr;
  }
  if (summary.leader_heartbeat_age_s) {
    m_heartbeat_gauge = &m_heartbeat.Add({});
    m_heartbeat_gauge->Set(*summary.leader_heartbeat_age_s);
  }
  // The store may change generation while watched (an upgrade): one info series at a time.
  if (m_info_gauge != nullptr) {
    m_info.Remove(m_info_gauge);
  }
  m_info_gauge =
    &m_info.Add({{"generation", summary.generation}, {"migrations", std::to_string(summary.migrations)}});
  m_info_gauge->Set(1);
  m_duration.Set(run_seconds);
  m_last_run.Set(end_timestamp);
  m_up.Set(failed.empty() ? 1 : 0);
}

void
WatchMetrics::record_failed(double run_seconds, double end_timestamp)
{
  m_duration.Set(run_seconds);
  m_last_run.Set(end_timestamp);
  m_up.Set(0);
}

std::string
WatchMetrics::exposition() const
{
  std::ostringstream text;
  prometheus::TextSerializer().Serialize(text, m_registry->Collect());
  return text.str();
}

} // namespace rwdoctor::watch
