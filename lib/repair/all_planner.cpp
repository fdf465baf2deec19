// plan_all: repair all's planner, one incident after another in pass order (all_plan.hpp).
#include "repair/all_plan.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "checks/finding_enricher.hpp"
#include "repair/all_plan_rules.hpp"
#include "repair/backup_reading.hpp"
#include "repair/plan_reads.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace rwdoctor::repair {

namespace {

// The names the backup knows for the subjects of `report`'s findings that live has no name for
// (their type row went with the incident), read once, before any step uses the backup.
std::map<int, std::string>
names_from_backup(db::MetaStoreSession& backup, const checks::CheckReport& report)
{
  std::vector<int> nameless;
  for (const auto& finding : report.findings) {
    const auto subject = finding.job_id ? finding.job_id : finding.object_id;
    if (subject && !finding.name) {
      nameless.push_back(*subject);
    }
  }
  std::sort(nameless.begin(), nameless.end());
  nameless.erase(std::unique(nameless.begin(), nameless.end()), nameless.end());
  std::map<int, std::string> names;
  if (nameless.empty()) {
    return names;
  }
  for (const auto& info : backup.describe_objects(nameless)) {
    if (const auto name = checks::qualified_name(info)) {
      names.emplace(info.oid, *name);
    }
  }
  return names;
}

// `finding` with the backup's name of its subject where live has none, marked as such.
checks::Finding
named_from_backup(checks::Finding finding, const std::map<int, std::string>& names)
{
  const auto subject = finding.job_id ? finding.job_id : finding.object_id;
  if (subject && !finding.name) {
    if (const auto found = names.find(*subject); found != names.end()) {
      finding.name = fmt::format("{} <no {} row; name from the backup>", found->second,
                                 finding.object_type ? util::to_lower(*finding.object_type) : std::string("object"));
    }
  }
  return finding;
}

// The objects of a drop planned with a backup: the backup's names where live has none.
void
name_dropped_objects(db::MetaStoreSession& backup, DropPlan& drop)
{
  std::vector<int> nameless;
  for (const auto& object : drop.objects) {
    if (!object.name) {
      nameless.push_back(object.oid);
    }
  }
  if (nameless.empty()) {
    return;
  }
  for (const auto& info : backup.describe_objects(nameless)) {
    const auto name = checks::qualified_name(info);
    for (auto& object : drop.objects) {
      if (object.oid == info.oid && name) {
        object.name = *name + " (name from the backup)";
      }
    }
  }
}

using RowKeys = std::set<std::pair<std::string, std::vector<std::optional<std::string>>>>;

// The rows `changes` inserts, by table and primary key.
void
add_inserted_keys(const ChangeSet& changes, RowKeys& keys)
{
  for (const auto& table : changes.inserted) {
    std::vector<int> indexes;
    for (const auto& column : changes.key_columns.at(table.table)) {
      indexes.push_back(db::column_index(table, column));
    }
    for (const auto& row : table.rows) {
      keys.emplace(table.table, key_values(row, indexes));
    }
  }
}

// What one incident's attempts learned that a later attempt needs.
struct Attempts
{
  // Set when the incident's restore was refused although the backup holds its job.
  std::optional<std::string> held_by_backup;
  bool restore_tried = false;
};

// The planner's state while it walks the incidents: what earlier steps repair.
class AllPlanner
{
public:
  AllPlanner(db::MetaStoreSession& live, db::MetaStoreSession* backup, const std::string& backup_description,
             const StepApplier& apply_step, const checks::CheckReport& report, AllPlan& plan)
    : m_live(live), m_backup(backup), m_backup_description(backup_description), m_apply_step(apply_step),
      m_report(report), m_request(plan.request), m_plan(plan)
  {
  }

  void plan_incidents(const incidents::Analysis& analysis);

private:
  const checks::Finding& root_of(const incidents::Incident& incident) const
  {
    return m_report.findings[static_cast<std::size_t>(incident.root) - 1];
  }
  // The root, and every other inconsistency of the incident a fix applies to: two
  // findings about one job are one incident (its root the higher ranked), and a fix of the
  // root alone leaves the other, about the job it repaired, for the verification to roll
  // back (a duplicated split beside a wrong database_id of the same source).
  std::vector<checks::Finding> fixable_findings(const incidents::Incident& incident) const
  {
    std::vector<checks::Finding> roots{root_of(incident)};
    for (const int id : incident.findings) {
      const auto& finding = m_report.findings[static_cast<std::size_t>(id) - 1];
      if (id != incident.root && checks::counts_as_inconsistency(finding.severity)
          && checks::offers_repair(finding.repairs, checks::Repair::fix)) {
        roots.push_back(finding);
      }
    }
    return roots;
  }
  void find_restorable(const incidents::Analysis& analysis);
  void plan_incident(const incidents::Incident& incident);
  std::optional<std::string> plan_step(const incidents::Incident& incident, AllStep& step, Attempts& attempts);
  std::optional<std::string> plan_restore_step(const incidents::Incident& incident, AllStep& step,
                                               Attempts& attempts);
  bool widen_restore(const incidents::Incident& incident, AllStep& step, RestoreRequest& wanted);
  std::optional<std::string> plan_drop_step(const incidents::Incident& incident, AllStep& step,
                                            const Attempts& attempts);
  void record_step(AllStep step);
  void leave_remaining(const incidents::Incident& incident, RemainingIncident left);

  db::MetaStoreSession& m_live;
  db::MetaStoreSession* m_backup;
  const std::string& m_backup_description;
  const StepApplier& m_apply_step;
  const checks::CheckReport& m_report;
  const AllRequest& m_request;
  AllPlan& m_plan;
  std::map<int, std::string> m_backup_names;
  // The incident whose root is about each job, among those a restore may repair: a restore
  // blocked only by such neighbours is planned again together with them.
  std::map<int, const incidents::Incident*> m_restorable;
  std::set<int> m_removed;        // objects earlier drops remove
  std::set<int> m_repaired_first; // jobs and objects earlier steps repair
  std::set<int> m_joined;         // incidents an earlier joint restore repairs
  std::set<int> m_processed;      // incidents planned (a step) or left, in the first round
  // Rows earlier steps insert, by table and key: a later restore leaves them out (inside the
  // transaction live has them already, and the dry run must plan the same).
  RowKeys m_inserted_first;
};

void
AllPlanner::plan_incidents(const incidents::Analysis& analysis)
{
  if (m_backup != nullptr) {
    m_backup_names = names_from_backup(*m_backup, m_report);
  }
  find_restorable(analysis);
  // An incident left to a person while later steps were still to come is tried once more
  // after them: a restore refused for a neighbour that a later step drops (a job whose state
  // Hummock removed, which the restore would otherwise have to bring back with it) runs once
  // that neighbour is gone. The dry run and the repair transaction plan in the same order.
  std::vector<std::pair<const incidents::Incident*, std::size_t>> left_before; // with the steps planned by then
  for (const auto& incident : analysis.incidents) {
    if (selected(root_of(incident), m_request)) {
      ++m_plan.incident_count;
      const auto remaining = m_plan.remaining.size();
      plan_incident(incident);
      m_processed.insert(incident.id);
      if (m_plan.remaining.size() > remaining) {
        left_before.emplace_back(&incident, m_plan.steps.size());
      }
    }
  }
  for (const auto& [incident, steps_then] : left_before) {
    if (m_plan.steps.size() == steps_then) {
      continue; // nothing changed after it was left
    }
    const auto left = std::find_if(m_plan.remaining.begin(), m_plan.remaining.end(), [&](const RemainingIncident& r) {
      return r.incident.id == incident->id;
    });
    auto kept = std::move(*left);
    m_plan.remaining.erase(left);
    const auto remaining = m_plan.remaining.size();
    const auto steps_before = m_plan.steps.size();
    plan_incident(*incident);
    if (m_plan.remaining.size() > remaining) {
      m_plan.remaining.back() = std::move(kept); // still left: as the first attempt said why
    } else if (m_plan.steps.size() > steps_before) {
      auto& step = m_plan.steps.back();
      for (std::size_t i = steps_then; i < steps_before; ++i) {
        step.runs_after.push_back(m_plan.steps[i].incident.id);
      }
      // Its first clause: the details are the first attempt's, shown where that incident is.
      step.first_refusal = kept.why.empty() ? std::string() : kept.why.front().substr(0, kept.why.front().find(" ("));
    }
  }
}

void
AllPlanner::find_restorable(const incidents::Analysis& analysis)
{
  for (const auto& incident : analysis.incidents) {
    const auto& root = root_of(incident);
    const auto order = repair_order(incident, root, m_request);
    if (root.job_id && selected(root, m_request)
        && std::find(order.begin(), order.end(), StepKind::restore) != order.end()) {
      m_restorable.emplace(*root.job_id, &incident);
    }
  }
}

// The incident's repairs in order until one plans without refusal; the incident is left to
// a person, with why, when none does.
void
AllPlanner::plan_incident(const incidents::Incident& incident)
{
  const auto& root = root_of(incident);
  const auto subject = root.job_id ? root.job_id : root.object_id;
  if ((subject && m_removed.count(*subject) != 0) || m_joined.count(incident.id) != 0) {
    return; // an earlier step (a drop with --cascade, a joint restore) repairs it
  }
  RemainingIncident left{summary_of(incident, named_from_backup(root, m_backup_names)), {}, std::nullopt};
  const auto order = repair_order(incident, root, m_request);
  if (order.empty() && m_request.choices.count(incident.id) != 0) {
    left.why.push_back("skipped");
  }
  Attempts attempts;
  for (const auto kind : order) {
    AllStep step;
    step.incident = left.incident;
    step.kind = kind;
    if (const auto refused = plan_step(incident, step, attempts)) {
      left.why.push_back(fmt::format("{} refused: {}", to_string(kind), *refused));
      continue;
    }
    step.passed_over = left.why;
    record_step(std::move(step));
    return;
  }
  leave_remaining(incident, std::move(left));
}

// Plans `step` of its kind; the refusal, or none.
std::optional<std::string>
AllPlanner::plan_step(const incidents::Incident& incident, AllStep& step, Attempts& attempts)
{
  switch (step.kind) {
  case StepKind::restore:
    return plan_restore_step(incident, step, attempts);
  case StepKind::fix:
    step.fix = plan_fix(m_live, fixable_findings(incident), m_backup);
    return refusal_of(step.fix->refusals, std::nullopt);
  case StepKind::drop:
    return plan_drop_step(incident, step, attempts);
  }
  return std::nullopt;
}

std::optional<std::string>
AllPlanner::plan_restore_step(const incidents::Incident& incident, AllStep& step, Attempts& attempts)
{
  const auto& root = root_of(incident);
  if (m_backup == nullptr || !root.job_id) {
    return "no backup was given (--from)";
  }
  attempts.restore_tried = true;
  RestoreRequest wanted;
  wanted.jobs = {*root.job_id};
  wanted.repaired_first = m_repaired_first;
  wanted.inserted_first = m_inserted_first;
  step.restore = plan_restore(m_live, *m_backup, m_backup_description, wanted);
  while (widen_restore(incident, step, wanted)) {
  }
  const auto refused = refusal_of(step.restore->refusals, step.restore->nothing_to_do);
  if (refused) {
    step.joined.clear();
    // The backup holds the job only without its fault: a backup with the same fault has
    // nothing a drop would trade away (as repair drop --from decides).
    if (step.restore->not_in_backup.empty() && !step.restore->nothing_to_do && !state_already_gone(*step.restore)
        && !jobs_the_backup_holds(*m_backup, {*root.job_id}).empty()) {
      attempts.held_by_backup = fmt::format("the backup holds job {}, and a drop would trade its rows and state "
                                            "away (what blocks the restore is above; --drop-unrestorable, or "
                                            "choosing the drop for this incident, drops it anyway)",
                                            *root.job_id);
    }
  }
  return refused;
}

// Jobs whose restores need each other are restored together: a neighbour whose own incident
// (to be restored, later) refuses this one, or a job whose backup fragments this one's edges
// lead to. One round: true when it planned the restore again with more jobs. Each round adds
// jobs; the jobs bound the rounds.
bool
AllPlanner::widen_restore(const incidents::Incident& incident, AllStep& step, RestoreRequest& wanted)
{
  const auto& current = *step.restore;
  if (current.refusals.size() != current.broken_neighbours.size()) {
    return false; // refused for another reason than its neighbours
  }
  std::set<int> wanted_more(current.broken_neighbours.begin(), current.broken_neighbours.end());
  if (!current.missing_fragments.empty()) {
    for (const int job : ids_of(*m_backup, "sql/repair/jobs_of_fragments.sql", current.missing_fragments)) {
      wanted_more.insert(job);
    }
  }
  std::vector<int> more;
  for (const int job : wanted_more) {
    const auto found = m_restorable.find(job);
    const bool later = found != m_restorable.end() && m_processed.count(found->second->id) == 0
                       && found->second->id != incident.id && m_joined.count(found->second->id) == 0;
    if (later && std::find(wanted.jobs.begin(), wanted.jobs.end(), job) == wanted.jobs.end()) {
      more.push_back(job);
    } else if (!later && std::find(current.broken_neighbours.begin(), current.broken_neighbours.end(), job)
                           != current.broken_neighbours.end()) {
      return false; // a broken neighbour that no later restore repairs
    }
  }
  if (more.empty()) {
    return false;
  }
  wanted.jobs.insert(wanted.jobs.end(), more.begin(), more.end());
  std::sort(wanted.jobs.begin(), wanted.jobs.end());
  auto together = plan_restore(m_live, *m_backup, m_backup_description, wanted);
  for (const int job : more) {
    const auto* other = m_restorable.at(job);
    step.joined.push_back(summary_of(*other, named_from_backup(root_of(*other), m_backup_names)));
  }
  step.restore = std::move(together);
  return true;
}

std::optional<std::string>
AllPlanner::plan_drop_step(const incidents::Incident& incident, AllStep& step, const Attempts& attempts)
{
  const auto& root = root_of(incident);
  if (!root.job_id) {
    return "it is not about a job";
  }
  const bool drop_asked = m_request.drop_unrestorable || m_request.choices.count(incident.id) != 0;
  if (attempts.held_by_backup && !drop_asked) {
    return attempts.held_by_backup;
  }
  // Nor a job whose incident offers no restore (a sink whose target is gone, say): with a
  // backup that holds it, a drop is a trade the user names.
  if (m_backup != nullptr && !attempts.restore_tried && !drop_asked
      && !ids_of(*m_backup, "sql/repair/existing_objects.sql", {*root.job_id}).empty()) {
    return fmt::format("the backup holds job {}, and a drop would trade its rows and state away (this incident has "
                       "no restore; --drop-unrestorable, or choosing the drop for this incident, drops it anyway)",
                       *root.job_id);
  }
  DropRequest wanted;
  wanted.jobs = {*root.job_id};
  wanted.cascade = m_request.cascade;
  wanted.max_objects = m_request.max_objects;
  if (m_backup != nullptr) {
    wanted.backup_definitions = job_definitions(*m_backup, wanted.jobs);
  }
  // The job's findings as the plan was decided from them, in the dry run and in the
  // transaction alike; the verification after the last step reads the store anew.
  step.drop = plan_drop(m_live, wanted, &m_report);
  if (m_backup != nullptr) {
    name_dropped_objects(*m_backup, *step.drop);
  }
  return refusal_of(step.drop->refusals, step.drop->nothing_to_do);
}

// A planned step: applied at once inside a repair transaction, and what it repairs noted
// for the steps after it.
void
AllPlanner::record_step(AllStep step)
{
  if (m_apply_step) {
    m_apply_step(step);
  }
  const auto ids = step.repaired();
  m_repaired_first.insert(ids.begin(), ids.end());
  add_inserted_keys(step.changes(), m_inserted_first);
  for (const auto& other : step.joined) {
    m_joined.insert(other.id);
  }
  if (step.drop) {
    m_removed.insert(ids.begin(), ids.end());
  }
  m_plan.steps.push_back(std::move(step));
}

// An incident no step repairs: it goes with an earlier restore whose rows reach it, or is
// left to a person.
void
AllPlanner::leave_remaining(const incidents::Incident& incident, RemainingIncident left)
{
  const auto& root = root_of(incident);
  const auto reaching = std::find_if(m_plan.steps.begin(), m_plan.steps.end(), [&](const AllStep& earlier) {
    return earlier.restore && restore_reaches(*earlier.restore, root);
  });
  if (reaching != m_plan.steps.end()) {
    // Its own repairs' refusals are moot then (a restore of the sink finding nothing to put
    // back, say): the line says what happens instead.
    left.goes_with = reaching->incident.id;
    left.why = {fmt::format("expected to go with incident {}'s restore, whose rows reach it (the checks after "
                            "the repair confirm it)",
                            reaching->incident.id)};
  } else {
    left.why.push_back(by_hand(incident, root, m_request));
  }
  m_plan.remaining.push_back(std::move(left));
}

std::string
hash_of_steps(const std::vector<AllStep>& steps)
{
  nlohmann::json hashed = nlohmann::json::array();
  for (const auto& step : steps) {
    hashed.push_back({step.incident.id, std::string(to_string(step.kind)), step.rows_hash(), step.joined.size()});
  }
  return "sha256:" + util::sha256_hex(hashed.dump());
}

} // namespace

AllPlan
plan_all(db::MetaStoreSession& live, db::MetaStoreSession* backup, const std::string& backup_description,
         const AllRequest& request, const StepApplier& apply_step)
{
  AllPlan plan;
  plan.request = request;
  plan.database = live.database();
  plan.schema = live.schema();
  plan.server = live.server_identity();
  plan.backup = backup != nullptr ? backup_description : std::string();

  // The run every step is decided from, and the repair's "before". Nothing is written yet.
  auto selection = repair_check_selection();
  selection.share_with_sibling = true;
  const auto report = checks::run_checks(live, checks::Catalogue::builtin(), selection, nullptr);
  plan.live_findings = inconsistency_keys(report);
  plan.generation = report.meta_store.generation;
  plan.refusals = report_refusals(report);
  if (!plan.refusals.empty()) {
    return plan;
  }
  AllPlanner(live, backup, backup_description, apply_step, report, plan)
    .plan_incidents(incidents::analyse(incidents::facts_of(report.findings)));
  plan.rows_hash = hash_of_steps(plan.steps);
  return plan;
}

} // namespace rwdoctor::repair
