#include "repair/all_plan.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "checks/finding_enricher.hpp"
#include "incidents/incidents.hpp"
#include "report/text_report.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace rwdoctor::repair {

namespace {

bool
offers(const checks::Finding& finding, checks::Repair repair)
{
  return std::find(finding.repairs.begin(), finding.repairs.end(), repair) != finding.repairs.end();
}

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

// What is left to a person when no repair rwdoctor runs applies.
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
  if (root.statement && incident.statement_applies) {
    return fmt::format("by hand, the data determines it: {}", *root.statement);
  }
  return fmt::format("by hand, the data leaves a choice: rwdoctor explain {}", root.check);
}

// The first refusal of a step's plan, or none.
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

} // namespace

std::string_view
to_string(StepKind kind)
{
  switch (kind) {
  case StepKind::restore:
    return "restore";
  case StepKind::fix:
    return "fix";
  case StepKind::drop:
    return "drop";
  }
  return "?";
}

bool
parse_step_kind(std::string_view text, StepKind& kind)
{
  for (const auto candidate : {StepKind::restore, StepKind::fix, StepKind::drop}) {
    if (to_string(candidate) == text) {
      kind = candidate;
      return true;
    }
  }
  return false;
}

const std::string&
AllStep::rows_hash() const
{
  static const std::string none;
  if (drop) {
    return drop->rows_hash;
  }
  if (restore) {
    return restore->rows_hash;
  }
  return fix ? fix->rows_hash : none;
}

const ChangeSet&
AllStep::changes() const
{
  static const ChangeSet none;
  if (drop) {
    return drop->changes;
  }
  if (restore) {
    return restore->changes;
  }
  return fix ? fix->changes : none;
}

std::map<std::string, std::size_t>
AllStep::row_counts() const
{
  return changes().row_counts();
}

std::vector<int>
AllStep::repaired() const
{
  if (drop) {
    return drop->oids();
  }
  if (restore) {
    return restore->request.jobs;
  }
  return fix ? fix->objects : std::vector<int>{};
}

std::vector<int>
AllPlan::repaired() const
{
  std::vector<int> ids;
  for (const auto& step : steps) {
    const auto more = step.repaired();
    ids.insert(ids.end(), more.begin(), more.end());
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

std::map<int, hummock::StateSummary>
AllPlan::state() const
{
  std::map<int, hummock::StateSummary> states;
  for (const auto& step : steps) {
    if (step.drop) {
      states.insert(step.drop->state.begin(), step.drop->state.end());
    }
    if (step.restore) {
      states.insert(step.restore->state.begin(), step.restore->state.end());
    }
  }
  return states;
}

std::size_t
AllPlan::repaired_incidents() const
{
  std::size_t count = 0;
  for (const auto& step : steps) {
    count += 1 + step.joined.size();
  }
  return count;
}

std::map<std::string, std::size_t>
AllPlan::row_counts() const
{
  std::map<std::string, std::size_t> counts;
  for (const auto& step : steps) {
    for (const auto& [table, count] : step.row_counts()) {
      counts[table] += count;
    }
  }
  return counts;
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
  // A drop plans from the object's placement, so a job in the wrong database is placed first.
  if (!request.fixes_only && root.job_id && offers(root, checks::Repair::drop_job)
      && incident.pass != incidents::Pass::placement) {
    order.push_back(StepKind::drop);
  }
  return order;
}

namespace {

// True when every restored job's state tables are gone from Hummock (removed, absent): the
// restore can never run, and a drop loses nothing more.
bool
state_already_gone(const RestorePlan& plan)
{
  return !plan.state.empty() && std::all_of(plan.state.begin(), plan.state.end(), [](const auto& entry) {
    return entry.second.grade == hummock::Grade::removed || entry.second.grade == hummock::Grade::absent;
  });
}

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

  std::vector<incidents::FindingFacts> facts;
  for (const auto& finding : report.findings) {
    facts.push_back(incidents::facts_of(static_cast<int>(facts.size()) + 1, finding));
  }
  const auto analysis = incidents::analyse(facts);
  const auto backup_names = backup != nullptr ? names_from_backup(*backup, report) : std::map<int, std::string>();

  // The incident whose root is about each job, among those a restore may repair: a restore
  // blocked only by such neighbours is planned again together with them.
  std::map<int, const incidents::Incident*> restorable;
  for (const auto& incident : analysis.incidents) {
    const auto& root = report.findings[static_cast<std::size_t>(incident.root) - 1];
    const auto order = repair_order(incident, root, request);
    if (root.job_id && selected(root, request) && std::find(order.begin(), order.end(), StepKind::restore) != order.end()) {
      restorable.emplace(*root.job_id, &incident);
    }
  }

  std::set<int> removed;        // objects earlier drops remove
  std::set<int> repaired_first; // jobs and objects earlier steps repair
  std::set<int> joined;         // incidents an earlier joint restore repairs
  // Rows earlier steps insert, by table and key: a later restore leaves them out (inside the
  // transaction live has them already, and the dry run must plan the same).
  std::set<std::pair<std::string, std::vector<std::optional<std::string>>>> inserted_first;
  for (const auto& incident : analysis.incidents) {
    const auto& root = report.findings[static_cast<std::size_t>(incident.root) - 1];
    if (!selected(root, request)) {
      continue;
    }
    ++plan.incident_count;
    const auto subject = root.job_id ? root.job_id : root.object_id;
    if ((subject && removed.count(*subject) != 0) || joined.count(incident.id) != 0) {
      continue; // an earlier step (a drop with --cascade, a joint restore) repairs it
    }
    RemainingIncident left{summary_of(incident, named_from_backup(root, backup_names)), {}, std::nullopt};
    const auto order = repair_order(incident, root, request);
    // Set when this incident's restore was refused although the backup holds its job.
    std::optional<std::string> held_by_backup;
    bool restore_tried = false;
    if (order.empty() && request.choices.count(incident.id) != 0) {
      left.why.push_back("skipped");
    }
    for (const auto kind : order) {
      AllStep step;
      step.incident = left.incident;
      step.kind = kind;
      std::optional<std::string> refused;
      switch (kind) {
      case StepKind::restore: {
        if (backup == nullptr || !root.job_id) {
          refused = "no backup was given (--from)";
          break;
        }
        restore_tried = true;
        RestoreRequest wanted;
        wanted.jobs = {*root.job_id};
        wanted.repaired_first = repaired_first;
        wanted.inserted_first = inserted_first;
        step.restore = plan_restore(live, *backup, backup_description, wanted);
        // Jobs whose restores need each other are restored together: a neighbour whose own
        // incident (to be restored, later) refuses this one, or a job whose backup fragments
        // this one's edges lead to. Each round adds jobs; the jobs bound it.
        for (;;) {
          const auto& current = *step.restore;
          if (current.refusals.size() != current.broken_neighbours.size()) {
            break; // refused for another reason than its neighbours
          }
          std::set<int> wanted_more(current.broken_neighbours.begin(), current.broken_neighbours.end());
          if (!current.missing_fragments.empty()) {
            const auto owners =
              backup->run_file("sql/repair/jobs_of_fragments.sql", {util::pg_int_array(current.missing_fragments)});
            for (const auto& row : owners.values) {
              int job = 0;
              if (util::parse_int32(row[0].value_or(""), job)) {
                wanted_more.insert(job);
              }
            }
          }
          std::vector<int> more;
          bool stuck = false; // a broken neighbour that no later restore repairs
          for (const int job : wanted_more) {
            const auto found = restorable.find(job);
            const bool later = found != restorable.end() && found->second->id > incident.id
                               && joined.count(found->second->id) == 0;
            if (later && std::find(wanted.jobs.begin(), wanted.jobs.end(), job) == wanted.jobs.end()) {
              more.push_back(job);
            } else if (!later && std::find(current.broken_neighbours.begin(), current.broken_neighbours.end(), job)
                                   != current.broken_neighbours.end()) {
              stuck = true;
            }
          }
          if (more.empty() || stuck) {
            break;
          }
          wanted.jobs.insert(wanted.jobs.end(), more.begin(), more.end());
          std::sort(wanted.jobs.begin(), wanted.jobs.end());
          auto together = plan_restore(live, *backup, backup_description, wanted);
          for (const int job : more) {
            const auto* other = restorable.at(job);
            step.joined.push_back(summary_of(
              *other, named_from_backup(report.findings[static_cast<std::size_t>(other->root) - 1], backup_names)));
          }
          step.restore = std::move(together);
        }
        refused = refusal_of(step.restore->refusals, step.restore->nothing_to_do);
        if (refused) {
          step.joined.clear();
          if (step.restore->not_in_backup.empty() && !step.restore->nothing_to_do
              && !state_already_gone(*step.restore)) {
            held_by_backup = fmt::format("the backup holds job {}, and a drop would trade its rows and state away "
                                         "(what blocks the restore is above; --drop-unrestorable, or choosing the "
                                         "drop for this incident, drops it anyway)",
                                         *root.job_id);
          }
        }
        break;
      }
      case StepKind::fix:
        step.fix = plan_fix(live, {root}, backup);
        refused = refusal_of(step.fix->refusals, std::nullopt);
        break;
      case StepKind::drop: {
        if (!root.job_id) {
          refused = "it is not about a job";
          break;
        }
        const bool drop_asked = request.drop_unrestorable || request.choices.count(incident.id) != 0;
        if (held_by_backup && !drop_asked) {
          refused = held_by_backup;
          break;
        }
        // Nor a job whose incident offers no restore (a sink whose target is gone, say): with a
        // backup that holds it, a drop is a trade the user names.
        if (backup != nullptr && !restore_tried && !drop_asked
            && !backup->run_file("sql/repair/existing_objects.sql", {util::pg_int_array({*root.job_id})}).values.empty()) {
          refused = fmt::format("the backup holds job {}, and a drop would trade its rows and state away (this "
                                "incident has no restore; --drop-unrestorable, or choosing the drop for this "
                                "incident, drops it anyway)",
                                *root.job_id);
          break;
        }
        DropRequest wanted;
        wanted.jobs = {*root.job_id};
        wanted.cascade = request.cascade;
        wanted.max_objects = request.max_objects;
        // The job's findings as the plan was decided from them, in the dry run and in the
        // transaction alike; the verification after the last step reads the store anew.
        step.drop = plan_drop(live, wanted, &report);
        if (backup != nullptr) {
          name_dropped_objects(*backup, *step.drop);
        }
        refused = refusal_of(step.drop->refusals, step.drop->nothing_to_do);
        break;
      }
      }
      if (refused) {
        left.why.push_back(fmt::format("{} refused: {}", to_string(kind), *refused));
        continue;
      }
      if (apply_step) {
        apply_step(step);
      }
      const auto ids = step.repaired();
      repaired_first.insert(ids.begin(), ids.end());
      const auto& changes = step.changes();
      for (const auto& table : changes.inserted) {
        std::vector<std::size_t> indexes;
        for (const auto& column : changes.key_columns.at(table.table)) {
          indexes.push_back(static_cast<std::size_t>(
            std::find(table.columns.begin(), table.columns.end(), column) - table.columns.begin()));
        }
        for (const auto& row : table.rows) {
          std::vector<std::optional<std::string>> key;
          for (const auto index : indexes) {
            key.push_back(row[index]);
          }
          inserted_first.emplace(table.table, std::move(key));
        }
      }
      for (const auto& other : step.joined) {
        joined.insert(other.id);
      }
      if (step.drop) {
        removed.insert(ids.begin(), ids.end());
      }
      plan.steps.push_back(std::move(step));
      left.why.clear();
      break;
    }
    if (plan.steps.empty() || plan.steps.back().incident.id != incident.id) {
      const auto reaching = std::find_if(plan.steps.begin(), plan.steps.end(), [&](const AllStep& earlier) {
        return earlier.restore && restore_reaches(*earlier.restore, root);
      });
      if (reaching != plan.steps.end()) {
        // Its own repairs' refusals are moot then (a restore of the sink finding nothing to put
        // back, say): the line says what happens instead.
        left.goes_with = reaching->incident.id;
        left.why = {fmt::format("expected to go with incident {}'s restore, whose rows reach it (the checks after "
                                "the repair confirm it)",
                                reaching->incident.id)};
      } else {
        left.why.push_back(by_hand(incident, root, request));
      }
      plan.remaining.push_back(std::move(left));
    }
  }

  nlohmann::json hashed = nlohmann::json::array();
  for (const auto& step : plan.steps) {
    hashed.push_back({step.incident.id, std::string(to_string(step.kind)), step.rows_hash(), step.joined.size()});
  }
  plan.rows_hash = "sha256:" + util::sha256_hex(hashed.dump());
  return plan;
}

} // namespace rwdoctor::repair
