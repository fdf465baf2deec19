// The metrics `rwdoctor watch` serves (names and labels are part of the scripting contract),
// kept in a prometheus-cpp registry that the exposer collects from its own threads.
#pragma once

#include "checks/finding.hpp"
#include "hummock/state_grades.hpp"

#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/registry.h>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace rwdoctor::watch {

// What the incidents of a run hold in Hummock: their state tables per grade, and the bytes
// (hummock_version_stats) of those still in Hummock (present, lagging, unknown) that the
// incidents put at risk; removed and absent tables' data is already gone.
struct StateAtRisk
{
  std::map<hummock::Grade, std::size_t> tables;
  double bytes = 0;
};

// Pure: the sum over incidents (a table of two incidents counts once).
StateAtRisk state_at_risk(const std::vector<hummock::StateSummary>& incidents);

// What one completed check run reports.
struct RunSummary
{
  StateAtRisk state;
  std::map<std::pair<std::string, checks::Severity>, std::size_t> findings; // (check, severity) -> count
  std::map<checks::Repair, std::size_t> incidents;                          // recommended repair -> count
  std::optional<double> leader_heartbeat_age_s;
  std::string generation;
  std::size_t migrations = 0;
};

class WatchMetrics
{
public:
  // Every check of `check_ids` gets a findings series per severity from the start (0 until a
  // run finds something), so that alerts see a value go back to 0 instead of vanishing.
  explicit WatchMetrics(const std::vector<std::string>& check_ids);

  std::shared_ptr<prometheus::Registry> registry() const { return m_registry; }

  // A run that read the store: its findings replace the last ones, except those of the checks
  // in `failed`, which keep their last values; rwdoctor_check_up becomes 1 when no check
  // failed, else 0.
  void record_completed(const RunSummary& summary, const std::set<std::string>& failed, double run_seconds,
                        double end_timestamp);
  // A run that did not complete (cannot connect, a check failed): rwdoctor_check_up becomes
  // 0; the findings keep the last completed run's values, so an alert does not resolve
  // because the database went away.
  void record_failed(double run_seconds, double end_timestamp);

  // The exposition text, as /metrics serves it.
  std::string exposition() const;

private:
  std::shared_ptr<prometheus::Registry> m_registry;
  prometheus::Family<prometheus::Gauge>& m_findings;
  prometheus::Family<prometheus::Gauge>& m_incidents;
  prometheus::Family<prometheus::Gauge>& m_heartbeat;
  prometheus::Family<prometheus::Gauge>& m_info;
  prometheus::Family<prometheus::Gauge>& m_state_tables;
  prometheus::Gauge& m_state_bytes;
  std::map<hummock::Grade, prometheus::Gauge*> m_state_gauges;
  prometheus::Gauge& m_up;
  prometheus::Gauge& m_last_run;
  prometheus::Gauge& m_duration;
  std::map<std::pair<std::string, checks::Severity>, prometheus::Gauge*> m_finding_gauges;
  std::map<checks::Repair, prometheus::Gauge*> m_incident_gauges;
  prometheus::Gauge* m_heartbeat_gauge = nullptr;
  prometheus::Gauge* m_info_gauge = nullptr;
};

} // namespace rwdoctor::watch
