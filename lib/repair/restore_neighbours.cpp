#include "repair/restore_neighbours.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "incidents/incidents.hpp"
#include "repair/repair_checks.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>

namespace rwdoctor::repair {

namespace {

// What the restore's rows reach: the fragments an inserted edge (or legacy dispatcher) ends
// at, and the objects that get rows back (the jobs, their tables and internal objects) or a
// column value (a kept row's pointer, a table's fragment columns).
struct RestoredReach
{
  std::set<int> edge_fragments;
  std::set<int> objects;
};

RestoredReach
restored_reach(const RestorePlan& plan)
{
  RestoredReach reach;
  reach.objects.insert(plan.request.jobs.begin(), plan.request.jobs.end());
  reach.objects.insert(plan.request.repaired_first.begin(), plan.request.repaired_first.end());
  for (const auto& table : plan.changes.inserted) {
    if (table.table == "fragment_relation") {
      for (const auto& column : {"source_fragment_id", "target_fragment_id"}) {
        const auto ends = db::int_values(table, column);
        reach.edge_fragments.insert(ends.begin(), ends.end());
      }
    } else if (table.table == "actor_dispatcher") {
      const auto ends = db::int_values(table, "dispatcher_id");
      reach.edge_fragments.insert(ends.begin(), ends.end());
    } else if (table.table == "table" || table.table == "object") {
      const auto ids = db::int_values(table, table.table == "table" ? "table_id" : "oid");
      reach.objects.insert(ids.begin(), ids.end());
    }
  }
  for (const auto& update : plan.changes.updates) {
    int id = 0;
    if (update.key.size() == 1 && update.key.front() && util::parse_int32(*update.key.front(), id)) {
      reach.objects.insert(id); // a table's, sink's or job's row: keyed by the object's id
    }
  }
  return reach;
}

bool
goes_with_restore(const checks::Finding& finding, const RestoredReach& reach)
{
  const auto reached = [&](const std::optional<int>& id, const std::set<int>& ids) {
    return id && ids.count(*id) != 0;
  };
  return reached(finding.other_job, reach.objects) || reached(finding.object_id, reach.objects)
         || reached(finding.fragment_id, reach.edge_fragments);
}

incidents::Analysis
incidents_of(const checks::CheckReport& report)
{
  return incidents::analyse(incidents::facts_of(report.findings));
}

// The incident `rwdoctor check` gives the first root finding about each job: the numbers of
// a whole check run (blob-malformed too), read once, when a refusal first needs them.
class CheckIncidentNumbers
{
public:
  explicit CheckIncidentNumbers(db::MetaStoreSession& live) : m_live(live) {}

  int of(int job)
  {
    if (!m_numbers) {
      m_numbers.emplace();
      const auto report = checks::run_checks(m_live, checks::Catalogue::builtin(), checks::CheckSelection{}, nullptr);
      for (const auto& incident : incidents_of(report).incidents) {
        for (const int each : incident.jobs) {
          m_numbers->emplace(each, incident.id);
        }
      }
    }
    const auto found = m_numbers->find(job);
    return found == m_numbers->end() ? 0 : found->second;
  }

private:
  db::MetaStoreSession& m_live;
  std::optional<std::map<int, int>> m_numbers;
};

// The live jobs at the other ends of the restored edges that are not restored themselves.
std::set<int>
unrestored_neighbours(const std::set<int>& requested, const RestorePlan& plan)
{
  std::set<int> neighbours;
  for (const int job : plan.neighbour_jobs) {
    if (requested.count(job) == 0 && plan.request.repaired_first.count(job) == 0) {
      neighbours.insert(job);
    }
  }
  return neighbours;
}

std::string
neighbour_refusal(int job, const checks::Finding& stays, std::size_t findings, int number, const std::string& database)
{
  return fmt::format(
    "neighbour job {} is already broken, and the checks after the restore would roll it back: [{}] {}{}; repair "
    "job {} first ({})",
    job, stays.check, stays.message, findings > 1 ? fmt::format(" (+{} more)", findings - 1) : std::string(), job,
    number > 0 ? fmt::format("incident {} of rwdoctor check -d {}", number, util::shell_quote(database))
               : fmt::format("rwdoctor check -d {} lists it", util::shell_quote(database)));
}

} // namespace

bool
restore_reaches(const RestorePlan& plan, const checks::Finding& finding)
{
  return goes_with_restore(finding, restored_reach(plan));
}

void
refuse_broken_neighbours(db::MetaStoreSession& live, const std::set<int>& requested, RestorePlan& plan)
{
  const auto neighbours = unrestored_neighbours(requested, plan);
  if (neighbours.empty()) {
    return;
  }
  std::set<int> read = neighbours;
  read.insert(requested.begin(), requested.end());
  const auto report = checks::run_checks(live, checks::Catalogue::builtin(), repair_check_selection(read, read), nullptr);
  const auto finding = [&](int id) -> const checks::Finding& { return report.findings[static_cast<std::size_t>(id) - 1]; };
  const auto reach = restored_reach(plan);
  CheckIncidentNumbers numbers(live);
  std::set<int> refused;
  for (const auto& incident : incidents_of(report).incidents) {
    const auto& root = finding(incident.root);
    if (!root.job_id || requested.count(*root.job_id) != 0 || neighbours.count(*root.job_id) == 0
        || refused.count(*root.job_id) != 0) {
      continue;
    }
    const auto remaining = std::find_if(incident.findings.begin(), incident.findings.end(),
                                        [&](int id) { return !goes_with_restore(finding(id), reach); });
    if (remaining == incident.findings.end()) {
      continue;
    }
    refused.insert(*root.job_id);
    plan.broken_neighbours.push_back(*root.job_id);
    plan.refusals.push_back(neighbour_refusal(*root.job_id, finding(*remaining), incident.findings.size(),
                                              numbers.of(*root.job_id), plan.database));
  }
}

} // namespace rwdoctor::repair
