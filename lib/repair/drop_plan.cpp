#include "repair/drop_plan.hpp"

#include "hummock/state_inspector.hpp"

#include "repair/audit_log.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "repair/repair_checks.hpp"
#include "repair/union_inputs.hpp"
#include "checks/finding_enricher.hpp"
#include "incidents/incidents.hpp"
#include "store/generation.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace rwdoctor::repair {

namespace {


std::string
id_list(const std::vector<int>& values)
{
  std::string text;
  for (const int value : values) {
    text += fmt::format("{}{}", text.empty() ? "" : ", ", value);
  }
  return text;
}

std::optional<int>
to_int(const std::optional<std::string>& text)
{
  int value = 0;
  if (text && util::parse_int32(*text, value)) {
    return value;
  }
  return std::nullopt;
}

// Up to v2.6 a table lists the sinks that write into it (table.incoming_sinks) and merges
// their fragments in a Union of its plan. RisingWave's DROP SINK takes the sink out of both;
// a drop here must too, or the next recovery asserts before v2.3.3 (incoming-sinks-mismatch).
// The values set are the ones RisingWave's recovery would set (clean_dirty_sink_downstreams).
// Returns the statements, which the plan shows after its deletes (the order they run in).
std::vector<std::string>
plan_sink_target_updates(db::MetaStoreSession& session, const std::vector<int>& oids, DropPlan& plan)
{
  std::vector<std::string> statements;
  const auto ids = util::pg_int_array(oids);
  for (const auto& row : session.run_file("sql/repair/drop_incoming_sinks.sql", {ids}).values) {
    const auto table_id = row[0].value_or("?");
    plan.changes.updates.push_back(RowUpdate{"table", {"table_id"}, {row[3].value_or("integer")}, {row[0]},
                                             "incoming_sinks", row[4].value_or("jsonb"), row[1], row[2]});
    statements.push_back(fmt::format("UPDATE \"table\" SET incoming_sinks = '{}' WHERE table_id = {};",
                                          row[2].value_or("[]"), table_id));
  }
  for (const auto& row : session.run_file("sql/repair/drop_union_fragments.sql", {ids}).values) {
    std::string bytes;
    if (!row[1] || !util::decode_bytea_hex(*row[1], bytes)) {
      continue;
    }
    // The Union's upstream fragments that will not exist after the drop.
    auto gone = union_merge_upstreams(bytes);
    const std::vector<int> upstreams(gone.begin(), gone.end());
    for (const auto& kept : session.run_file("sql/repair/fragments_kept.sql", {util::pg_int_array(upstreams), ids}).values) {
      if (const auto fragment = to_int(kept[0])) {
        gone.erase(*fragment);
      }
    }
    const auto rewritten = remove_union_inputs(bytes, gone);
    if (!rewritten) {
      continue;
    }
    const auto fragment_id = row[0].value_or("?");
    plan.changes.updates.push_back(RowUpdate{"fragment", {"fragment_id"}, {row[2].value_or("integer")}, {row[0]},
                                             "stream_node", row[3].value_or("bytea"), row[1], util::encode_bytea_hex(*rewritten)});
    statements.push_back(fmt::format(
      "UPDATE fragment SET stream_node = $1 WHERE fragment_id = {}; -- $1: its plan without the Union inputs "
      "that merge a fragment the drop deletes or that is gone ({} -> {} bytes)",
      fragment_id, bytes.size(), rewritten->size()));
  }
  return statements;
}

std::map<int, hummock::StateSummary>
dropped_state(db::MetaStoreSession& session, const std::vector<PlanObject>& objects)
{
  // The jobs are the objects with a streaming_job row; a TABLE object without one (an internal
  // table whose "table" row is gone) is attributed to the object it is dropped with.
  std::map<int, hummock::StateSummary> states;
  std::vector<int> jobs;
  for (const auto& object : objects) {
    if (object.job_status) {
      jobs.push_back(object.oid);
    }
  }
  if (jobs.empty()) {
    return states;
  }
  std::vector<std::pair<int, std::uint32_t>> extra;
  for (const int job : jobs) {
    for (const auto& object : objects) {
      const bool attributed = object.because_of == job || (object.because_of == 0 && job == jobs.front());
      if (!object.job_status && object.object_type == "TABLE" && attributed && object.oid >= 0) {
        extra.emplace_back(job, static_cast<std::uint32_t>(object.oid));
      }
    }
  }
  hummock::StateInspector inspector(session);
  return inspector.grade_jobs_each(jobs, extra);
}

std::vector<std::string>
follow_ups(db::MetaStoreSession& session, const std::vector<int>& oids)
{
  std::vector<std::string> notes;
  for (const auto& row : session.run_file("sql/repair/external_resources.sql", {util::pg_int_array(oids)}).values) {
    const auto oid = row[0].value_or("?");
    const auto kind = row[1].value_or("");
    const auto connector = row[2].value_or("");
    const auto name = row[3].value_or("");
    if (connector.find("kafka") != std::string::npos) {
      notes.push_back(fmt::format("{} {} ({}): its kafka consumer group stays on the brokers", kind, oid, name));
    } else if (connector.find("cdc") != std::string::npos) {
      notes.push_back(fmt::format("{} {} ({}): drop its replication slot / CDC state on the upstream database", kind,
                                  oid, name));
    } else if (connector.find("iceberg") != std::string::npos) {
      notes.push_back(fmt::format("{} {} ({}): its iceberg table and catalog entries stay in place", kind, oid, name));
    } else if (!connector.empty()) {
      notes.push_back(fmt::format("{} {} ({}): resources held by its {} connector are not touched", kind, oid, name,
                                  connector));
    }
  }
  return notes;
}

} // namespace

std::vector<int>
DropPlan::oids() const
{
  std::vector<int> ids;
  for (const auto& object : objects) {
    ids.push_back(object.oid);
  }
  return ids;
}

std::vector<std::vector<int>>
DropPlan::oids_by_database() const
{
  std::map<int, std::vector<int>> placed;
  std::vector<int> unplaced;
  for (const auto& object : objects) {
    if (object.database_id) {
      placed[*object.database_id].push_back(object.oid);
    } else {
      unplaced.push_back(object.oid);
    }
  }
  std::vector<std::vector<int>> groups;
  for (auto& entry : placed) {
    groups.push_back(std::move(entry.second));
  }
  if (!unplaced.empty()) {
    groups.push_back(std::move(unplaced));
  }
  return groups;
}

std::map<std::string, std::size_t>
DropPlan::row_counts() const
{
  return changes.row_counts();
}

namespace {

// A repeated drop: every job is gone, and rwdoctor's audit log says it dropped them.
std::optional<std::string>
already_dropped(db::MetaStoreSession& session, const std::vector<int>& jobs)
{
  const auto dropped = AuditLog(session).last_repairs("drop", jobs);
  if (dropped.size() != jobs.size()) {
    return std::nullopt;
  }
  return fmt::format("rwdoctor dropped {} already: {}; nothing to do", jobs.size() == 1 ? "this job" : "these jobs",
                     describe_repairs(dropped));
}

// The run a drop is decided from when the caller has none: every job (it is also the
// repair's "before"), plus the jobs' own plans (drop_check_selection says why only theirs).
checks::CheckReport
drop_decision_run(db::MetaStoreSession& session, const std::vector<int>& jobs)
{
  auto selection = drop_check_selection();
  selection.share_with_sibling = true; // nothing is written yet
  auto run = checks::run_checks(session, checks::Catalogue::builtin(), selection, nullptr);
  const std::set<int> job_set(jobs.begin(), jobs.end());
  auto plans = checks::run_checks(session, checks::Catalogue::builtin(), drop_jobs_plan_selection(job_set), nullptr);
  run.checks.insert(run.checks.end(), plans.checks.begin(), plans.checks.end());
  run.findings.insert(run.findings.end(), std::make_move_iterator(plans.findings.begin()),
                      std::make_move_iterator(plans.findings.end()));
  return run;
}

// Why a drop of `job`, which runs (incidents::job_runs), is refused: what it is, the worst of
// its findings, and where the finding's own repair is.
std::string
running_job_refusal(const db::ObjectInfo& job, const std::vector<checks::Finding>& findings)
{
  const auto worst = std::min_element(findings.begin(), findings.end(), [](const auto& a, const auto& b) {
    return a.severity < b.severity; // critical sorts first
  });
  const auto name = checks::qualified_name(job);
  return fmt::format("job {} ({}{}, {}) runs: none of its findings stops it (the worst: {}, {}, {}), and a drop "
                     "destroys the job, what depends on it and their state in Hummock; its finding's own repair: "
                     "rwdoctor explain {} (--drop-running drops it all the same)",
                     job.oid, job.obj_type, name ? " " + *name : std::string(), job.job_status.value_or("no status"),
                     worst->check, checks::to_string(worst->severity), checks::to_string(worst->consequence),
                     worst->check);
}

// Why `job`, whose findings offer no drop, is not dropped: a healthy job, or one whose
// findings have repairs of their own (a duplicated split: the drop would cost far more).
std::string
not_droppable_refusal(const checks::CheckReport& report, int job)
{
  std::set<std::string> checks_of_job;
  for (const auto& finding : report.findings) {
    if ((finding.job_id ? *finding.job_id : finding.object_id.value_or(0)) == job
        && checks::counts_as_inconsistency(finding.severity)) {
      checks_of_job.insert(finding.check);
    }
  }
  if (checks_of_job.empty()) {
    return fmt::format("job {} has no finding that drop-job repairs: rwdoctor drops only inconsistent jobs (use "
                       "DROP through RisingWave for a healthy one)",
                       job);
  }
  return fmt::format("job {} has no finding that drop-job repairs: a drop would destroy far more than its findings "
                     "cost ({}); their own repairs: rwdoctor explain {}",
                     job, fmt::join(checks_of_job, ", "), *checks_of_job.begin());
}

// The checks decide whether a job is a repair candidate at all: rwdoctor drops only jobs
// whose findings offer drop-job, never a healthy job, and a job that runs only when asked
// (DropRequest::drop_running). Returns the jobs refused because they run.
std::set<int>
take_drop_findings(const checks::CheckReport& report, const std::vector<db::ObjectInfo>& existing, DropPlan& plan)
{
  plan.live_findings = inconsistency_keys(report);
  plan.generation = report.meta_store.generation;
  plan.refusals = report_refusals(report);
  const auto offering = findings_offering_by_job(report, plan.request.jobs, checks::Repair::drop_job);
  const auto facts = incidents::facts_of(report.findings);
  std::set<int> running;
  for (const int job : plan.request.jobs) {
    const auto object = std::find_if(existing.begin(), existing.end(),
                                     [&](const db::ObjectInfo& info) { return info.oid == job; });
    if (object == existing.end()) {
      plan.refusals.push_back(fmt::format("job {} does not exist (already dropped?)", job));
      continue;
    }
    const auto found = offering.find(job);
    if (found != offering.end()) {
      plan.findings.insert(plan.findings.end(), found->second.begin(), found->second.end());
      if (!plan.request.drop_running && incidents::job_runs(facts, job)) {
        plan.refusals.push_back(running_job_refusal(*object, found->second));
        running.insert(job);
      }
    } else {
      plan.refusals.push_back(not_droppable_refusal(report, job));
    }
  }
  return running;
}

// The objects related to `frontier` (related_objects.sql; with object.belong_to_oid, also
// related_children.sql), for compute_removal_set's walk.
std::vector<Relation>
related_objects(db::MetaStoreSession& session, bool has_children, const std::vector<int>& frontier)
{
  std::vector<Relation> relations;
  auto rows = session.run_file("sql/repair/related_objects.sql", {util::pg_int_array(frontier)}).values;
  if (has_children) {
    const auto children = session.run_file("sql/repair/related_children.sql", {util::pg_int_array(frontier)}).values;
    rows.insert(rows.end(), children.begin(), children.end());
  }
  for (const auto& row : rows) {
    Relation relation;
    relation.oid = to_int(row[0]).value_or(0);
    relation.related_oid = to_int(row[1]).value_or(0);
    if (parse_reason(row[2].value_or(""), relation.relation)) {
      relations.push_back(relation);
    }
  }
  return relations;
}

// plan.objects: the removal set's members as live describes them, by oid.
void
describe_removal(db::MetaStoreSession& session, const RemovalSet& set, DropPlan& plan)
{
  std::vector<int> oids;
  for (const auto& member : set.members) {
    oids.push_back(member.oid);
  }
  std::map<int, db::ObjectInfo> described;
  for (auto& info : session.describe_objects(oids)) {
    const int oid = info.oid;
    described.emplace(oid, std::move(info));
  }
  for (const auto& member : set.members) {
    PlanObject object;
    object.oid = member.oid;
    object.reason = member.reason;
    object.because_of = member.because_of;
    const auto found = described.find(member.oid);
    if (found == described.end()) {
      if (member.reason != Reason::requested) { // a missing requested job is reported above
        plan.refusals.push_back(fmt::format("object {} does not exist", member.oid));
      }
      continue;
    }
    object.object_type = found->second.obj_type;
    object.name = checks::qualified_name(found->second);
    object.database_id = found->second.database_id;
    object.job_status = found->second.job_status;
    object.kind_from_fragments = found->second.kind_from_fragments;
    plan.objects.push_back(std::move(object));
  }
  std::sort(plan.objects.begin(), plan.objects.end(), [](const auto& a, const auto& b) { return a.oid < b.oid; });
}

// What the refusal of dependents left out without --cascade adds: --cascade only where the
// drop is the repair (never for a job that runs), and a restore first where one is offered.
std::string
dependents_advice(const DropPlan& plan, const std::set<int>& running)
{
  std::set<int> droppable; // the jobs whose findings a drop repairs (take_drop_findings)
  std::set<int> restorable;
  for (const auto& finding : plan.findings) {
    if (finding.job_id) {
      droppable.insert(*finding.job_id);
    }
    if (finding.job_id && checks::offers_repair(finding.repairs, checks::Repair::restore_fragments)) {
      restorable.insert(*finding.job_id);
    }
  }
  const bool drop_is_the_repair = std::all_of(plan.request.jobs.begin(), plan.request.jobs.end(), [&](int job) {
    return droppable.count(job) != 0 && running.count(job) == 0;
  });
  if (!drop_is_the_repair) {
    return "";
  }
  const bool backup_given = !plan.request.backup_argument.empty(); // --from
  if (backup_given) {
    // Only the jobs that backup holds without their fault can be restored from it.
    std::set<int> held;
    for (const int job : restorable) {
      if (plan.request.backup_holds.count(job) != 0) {
        held.insert(job);
      }
    }
    restorable = std::move(held);
  }
  if (restorable.empty()) {
    return "; add --cascade to drop them too";
  }
  std::string jobs;
  for (const int job : restorable) {
    jobs += fmt::format(" --job {}", job);
  }
  if (backup_given) {
    return fmt::format("; a restore from the backup keeps them: rwdoctor repair restore{} --from {}{} --dry-run", jobs,
                       plan.request.backup_argument, plan.request.live_arguments);
  }
  return fmt::format("; a restore from a backup keeps them: rwdoctor repair restore{} --from BACKUP --dry-run "
                     "(without a backup, --cascade drops them with the job)",
                     jobs);
}

// Dependents left out without --cascade, a plan over --max-objects, and a delete whose
// foreign keys would cascade beyond the plan's objects refuse it.
void
refuse_drop_bounds(db::MetaStoreSession& session, const RemovalSet& set, const std::set<int>& running, DropPlan& plan)
{
  if (!set.refused_dependents.empty()) {
    std::vector<int> dependents;
    for (const auto& relation : set.refused_dependents) {
      dependents.push_back(relation.related_oid);
    }
    std::string listed;
    for (const auto& info : session.describe_objects(dependents)) {
      listed += fmt::format("{}{} {}{}", listed.empty() ? "" : ", ", info.obj_type, info.oid,
                            checks::qualified_name(info) ? fmt::format(" ({})", *checks::qualified_name(info)) : "");
    }
    plan.refusals.push_back(
      fmt::format("objects depend on the jobs to drop: {}{}", listed, dependents_advice(plan, running)));
  }
  if (static_cast<int>(plan.objects.size()) > plan.request.max_objects) {
    plan.refusals.push_back(fmt::format("the plan drops {} objects, more than --max-objects {}", plan.objects.size(),
                                        plan.request.max_objects));
  }
  for (const auto& row : session.run_file("sql/repair/foreign_cascade.sql", {util::pg_int_array(plan.oids())}).values) {
    plan.refusals.push_back(fmt::format("the delete would reach beyond the plan: {}", row[2].value_or("?")));
  }
}

// The statements the drop runs, in order: temporary indexes, explicit deletes, one DELETE
// FROM object per RisingWave database, the indexes dropped, then `update_statements`.
void
write_drop_statements(const std::vector<std::string>& update_statements, DropPlan& plan)
{
  const auto& changes = plan.changes;
  const auto list = id_list(plan.oids());
  for (const auto& index : changes.cascade_indexes) {
    plan.statements.push_back(db::create_statement(index));
  }
  for (const auto& [table, column] : changes.explicit_deletes) {
    plan.statements.push_back(fmt::format("DELETE FROM {} WHERE {} IN ({});", table, column, list));
  }
  const auto& groups = changes.object_groups;
  for (const auto& group : groups) {
    const auto first = std::find_if(plan.objects.begin(), plan.objects.end(),
                                    [&](const PlanObject& object) { return object.oid == group.front(); });
    const auto database = first->database_id;
    plan.statements.push_back(fmt::format(
      "DELETE FROM object WHERE oid IN ({});{}", id_list(group),
      groups.size() == 1 ? std::string()
                         : database ? fmt::format(" -- database {}", *database) : std::string(" -- no database")));
  }
  for (const auto& index : changes.cascade_indexes) {
    plan.statements.push_back(db::drop_statement(index));
  }
  plan.statements.insert(plan.statements.end(), update_statements.begin(), update_statements.end());
}

// repair all's backup gate for repair drop --from (DropRequest::backup_holds): a job the
// backup holds is restored, not traded away, unless its state is already gone from Hummock
// (removed or absent: its restore could never run, and the drop loses nothing more) or the
// user names the trade with --drop-unrestorable.
void
refuse_backup_held(DropPlan& plan)
{
  if (plan.request.drop_unrestorable) {
    return;
  }
  for (const int job : plan.request.jobs) {
    if (plan.request.backup_holds.count(job) == 0) {
      continue;
    }
    const auto state = plan.state.find(job);
    if (state != plan.state.end() && hummock::state_gone(state->second.grade)) {
      continue;
    }
    plan.refusals.push_back(fmt::format(
      "the backup holds job {} without its fault, and a drop would trade its rows and state away: rwdoctor "
      "repair restore --job {} --from {}{} --dry-run shows its restore (--drop-unrestorable drops it all the same)",
      job, job, plan.request.backup_argument.empty() ? "BACKUP" : plan.request.backup_argument,
      plan.request.live_arguments));
  }
}

} // namespace

// The steps, in order: a repeated drop has nothing to do; the checks make each job a
// candidate; the removal set is walked (with --cascade, the dependents too) and described;
// its bounds may refuse; every row the deletes remove is captured; the statements are written
// and the state the drop destroys in Hummock graded.
DropPlan
plan_drop(db::MetaStoreSession& session, const DropRequest& request, const checks::CheckReport* decided_from)
{
  DropPlan plan;
  plan.request = request;
  plan.database = session.database();
  plan.schema = session.schema();
  plan.server = session.server_identity();
  const auto existing = session.describe_objects(request.jobs);
  if (existing.empty() && !request.jobs.empty()) {
    if ((plan.nothing_to_do = already_dropped(session, request.jobs))) {
      return plan;
    }
  }
  const auto own_run = decided_from == nullptr ? drop_decision_run(session, request.jobs) : checks::CheckReport{};
  const auto running = take_drop_findings(decided_from != nullptr ? *decided_from : own_run, existing, plan);

  const auto facts = session.schema_facts();
  const bool has_children = facts.has("object.belong_to_oid");
  const auto set = compute_removal_set(request.jobs, request.cascade, [&](const std::vector<int>& frontier) {
    return related_objects(session, has_children, frontier);
  });
  describe_removal(session, set, plan);
  refuse_drop_bounds(session, set, running, plan);

  // Before pending_sink_state got its foreign key (v3.0.3), RisingWave's drop path left its
  // rows behind; the repair removes them explicitly.
  if (facts.has("pending_sink_state") && !store::detect_generation(session.applied_migrations())
                                             .has(store::migration::pending_sink_state_fk)) {
    plan.changes.explicit_deletes.emplace_back("pending_sink_state", "sink_id");
  }
  auto& changes = plan.changes;
  changes.removed = db::capture_removal(session, plan.oids(), changes.explicit_deletes);
  changes.object_groups = plan.oids_by_database();
  std::vector<std::string> update_statements;
  if (facts.has("table.incoming_sinks")) {
    update_statements = plan_sink_target_updates(session, plan.oids(), plan);
  }
  plan.rows_hash = hash_changes(changes);
  changes.cascade_indexes = db::plan_cascade_indexes(session, db::tables_linked_to_object(session));
  write_drop_statements(update_statements, plan);
  plan.state = dropped_state(session, plan.objects);
  refuse_backup_held(plan);
  plan.not_cleaned = follow_ups(session, plan.oids());
  return plan;
}

} // namespace rwdoctor::repair
