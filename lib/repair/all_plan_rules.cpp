#include "repair/all_plan_rules.hpp"

#include "report/text_report.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rwdoctor::repair {

namespace {

bool
offers(const checks::Finding& finding, checks::Repair repair)
{
  return std::find(finding.repairs.begin(), finding.repairs.end(), repair) != finding.repairs.end();
}

} // namespace

bool
offers_restore(const checks::Finding& finding)
{
  return offers(finding, checks::Repair::restore_fragments) || offers(finding, checks::Repair::restore_rows);
}

IncidentSummary
summary_of(const incidents::Incident& incident, const checks::Finding& root)
{
  IncidentSummary summary;
  summary.id = incident.id;
  summary.pass = incident.pass;
  summary.root = root;
  summary.findings = incident.findings.size();
  summary.jobs = incident.jobs;
  summary.drop_offered = !incident.job_runs;
  const auto more = incident.findings.size() - 1;
  summary.title = fmt::format("{}: {}{}", report::short_subject(root), root.check,
                              more == 0 ? std::string() : fmt::format(" (+{} finding{})", more, more == 1 ? "" : "s"));
  return summary;
}

bool
selected(const checks::Finding& root, const AllRequest& request)
{
  if (!request.only_checks.empty()
      && std::find(request.only_checks.begin(), request.only_checks.end(), root.check) == request.only_checks.end()) {
    return false;
  }
  if (request.only_objects.empty()) {
    return true;
  }
  const auto named = [&](const std::optional<int>& id) {
    return id && std::find(request.only_objects.begin(), request.only_objects.end(), *id) != request.only_objects.end();
  };
  return named(root.object_id) || named(root.job_id);
}

std::string
by_hand(const incidents::Incident& incident, const checks::Finding& root, const AllRequest& request)
{
  if (!request.with_backup && root.check == "system-parameter-invalid" && offers(root, checks::Repair::restore_rows)) {
    return "a backup has the value the cluster was created with: run repair all again with --from BACKUP, or see "
           "rwdoctor explain system-parameter-invalid";
  }
  if (!request.with_backup && offers_restore(root) && root.job_id) {
    return fmt::format("a backup has its rows: run repair all again with --from BACKUP, or see rwdoctor explain {}",
                       root.check);
  }
  if (root.clears_after_start) { // as check's WHAT TO DO says it
    return fmt::format("nothing to do before the start: RisingWave clears it once the meta node runs (rwdoctor "
                       "explain {})",
                       root.check);
  }
  if (root.statement && incident.statement_applies) {
    return fmt::format("by hand, the data determines it: {}", *root.statement);
  }
  return fmt::format("by hand, the data leaves a choice: rwdoctor explain {}", root.check);
}

std::optional<std::string>
refusal_of(const std::vector<std::string>& refusals, const std::optional<std::string>& nothing_to_do)
{
  if (!refusals.empty()) {
    return refusals.size() == 1 ? refusals.front()
                                : fmt::format("{} (and {} more)", refusals.front(), refusals.size() - 1);
  }
  if (nothing_to_do) {
    return *nothing_to_do;
  }
  return std::nullopt;
}

std::vector<StepKind>
repair_order(const incidents::Incident& incident, const checks::Finding& root, const AllRequest& request)
{
  const auto chosen = request.choices.find(incident.id);
  if (chosen != request.choices.end()) {
    return chosen->second ? std::vector<StepKind>{*chosen->second} : std::vector<StepKind>{};
  }
  std::vector<StepKind> order;
  if (!request.fixes_only && request.with_backup && root.job_id && offers_restore(root)) {
    order.push_back(StepKind::restore);
  }
  if (incident.statement_applies && offers(root, checks::Repair::fix)) {
    order.push_back(StepKind::fix);
  }
  // A system parameter the backup has a sound value of: a fix that sets it (plan_fix).
  if (!request.fixes_only && request.with_backup && !root.job_id && root.check == "system-parameter-invalid"
      && offers(root, checks::Repair::restore_rows)) {
    order.push_back(StepKind::fix);
  }
  // A drop plans from the object's placement, so a job in the wrong database is placed first;
  // a job that runs is never dropped (incidents::job_runs).
  if (!request.fixes_only && root.job_id && offers(root, checks::Repair::drop_job)
      && incident.pass != incidents::Pass::placement && !incident.job_runs) {
    order.push_back(StepKind::drop);
  }
  return order;
}

bool
state_already_gone(const RestorePlan& plan)
{
  return !plan.state.empty() && std::all_of(plan.state.begin(), plan.state.end(), [](const auto& entry) {
    return hummock::state_gone(entry.second.grade);
  });
}

} // namespace rwdoctor::repair
