#include "repair/restore_plan.hpp"

#include "repair/audit_log.hpp"

#include "checks/analyzers.hpp"
#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "checks/finding_enricher.hpp"
#include "core/error.hpp"
#include "repair/plan_reads.hpp"
#include "repair/repair_checks.hpp"
#include "repair/restore_backup_side.hpp"
#include "repair/restore_neighbours.hpp"
#include "repair/restore_rows.hpp"
#include "repair/restore_state.hpp"
#include "store/generation.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <exception>
#include <future>
#include <set>

namespace rwdoctor::repair {

namespace {

// A repair's check runs leave out the scan of every blob (repair_check_selection), so each
// protobuf value a restore would write is validated here instead, before anything is touched:
// the same wire-format test as blob-malformed, on exactly the values that change.
void
refuse_malformed_protobuf(const RestorePlan& plan, std::vector<std::string>& refusals)
{
  std::string bytes;
  const auto wellformed = [&](const std::optional<std::string>& value) {
    return !value || (util::decode_bytea_hex(*value, bytes) && checks::is_wellformed_protobuf(bytes));
  };
  for (const auto& table : plan.changes.inserted) {
    const auto keys = plan.changes.key_columns.find(table.table);
    for (std::size_t column = 0; column < table.columns.size(); ++column) {
      if (!checks::is_protobuf_column(table.table, table.columns[column])) {
        continue;
      }
      for (const auto& row : table.rows) {
        if (wellformed(row[column])) {
          continue;
        }
        PlanRow key;
        for (const auto& key_column : keys == plan.changes.key_columns.end() ? std::vector<std::string>{} : keys->second) {
          const int index = db::column_index(table, key_column);
          key.push_back(index < 0 ? std::nullopt : row[static_cast<std::size_t>(index)]);
        }
        refusals.push_back(fmt::format("the backup's {} row {} has a {} that is not well-formed protobuf",
                                       table.table, describe_key(key), table.columns[column]));
      }
    }
  }
  for (const auto& update : plan.changes.updates) {
    if (checks::is_protobuf_column(update.table, update.column) && !wellformed(update.new_value)) {
      refusals.push_back(fmt::format("the backup's {} row {} has a {} that is not well-formed protobuf",
                                     update.table, describe_key(update.key), update.column));
    }
  }
}

// The live findings that make `jobs` restore candidates. Returns the jobs without one: they
// are refused unless live already has all their backup rows (nothing to do).
std::vector<int>
take_restore_findings(const checks::CheckReport& report, const std::vector<int>& jobs, RestorePlan& plan)
{
  std::vector<int> without_findings;
  plan.generation = report.meta_store.generation;
  const auto refusals = report_refusals(report, false);
  plan.refusals.insert(plan.refusals.end(), refusals.begin(), refusals.end());
  const auto offering = findings_offering_by_job(report, jobs, checks::Repair::restore_fragments);
  for (const int job : jobs) {
    const auto found = offering.find(job);
    if (found == offering.end()) {
      without_findings.push_back(job);
    } else {
      plan.findings.insert(plan.findings.end(), found->second.begin(), found->second.end());
    }
  }
  return without_findings;
}

// The plan's header: where it runs and what was asked.
RestorePlan
empty_restore_plan(db::MetaStoreSession& live, const std::string& backup_description, const RestoreRequest& request)
{
  RestorePlan plan;
  plan.request = request;
  plan.database = live.database();
  plan.schema = live.schema();
  plan.server = live.server_identity();
  plan.backup = backup_description;
  return plan;
}

// The backup must be a meta store whose checks can run, of the same generation as live.
// Without `backup_checks` (or when its rows could not be read) its checks are waited for here
// and their refusals kept; with it, the running checks are handed to the caller. False when
// the plan must end here.
bool
accept_backup(BackupSide& side, const BackupRows& rows, const LiveRows& live_rows, BackupChecks* backup_checks,
              RestorePlan& plan)
{
  std::vector<std::string> backup_refusals;
  // A backup whose rows could not be read is explained by its checks, which then fail too.
  if (backup_checks == nullptr || rows.read_error) {
    side.start_checks(true);
    backup_refusals = backup_check_refusals(side.checks());
    if (!backup_refusals.empty() && backup_refusals.front().rfind(k_backup_unusable, 0) == 0) {
      plan.refusals.push_back(backup_refusals.front());
      return false;
    }
  } else {
    *backup_checks = std::move(side.checks());
  }
  const auto& live_migrations = live_rows.migrations;
  const auto& backup_migrations = rows.migrations;
  if (std::set<std::string>(live_migrations.begin(), live_migrations.end())
      != std::set<std::string>(backup_migrations.begin(), backup_migrations.end())) {
    plan.refusals.push_back(fmt::format("the backup is RisingWave {} ({} migrations), live is {} ({} migrations): "
                                        "their tables differ",
                                        store::detect_generation(backup_migrations).label, backup_migrations.size(),
                                        plan.generation, live_migrations.size()));
    return false;
  }
  plan.refusals.insert(plan.refusals.end(), backup_refusals.begin(), backup_refusals.end());
  return true;
}

// Rows of describe_plan_objects.sql by their first column, the oid as text.
std::map<std::string, const PlanRow*>
plan_objects_by_oid(const std::vector<PlanRow>& rows)
{
  std::map<std::string, const PlanRow*> found;
  for (const auto& row : rows) {
    found.emplace(row[0].value_or(""), &row);
  }
  return found;
}

// Live's and the backup's name of `job` when both know one and they differ.
std::optional<std::string>
renamed_refusal(int job, const std::vector<db::ObjectInfo>& live_names, const std::vector<db::ObjectInfo>& backup_names)
{
  const auto named = [job](const std::vector<db::ObjectInfo>& infos) -> std::optional<std::string> {
    const auto found =
      std::find_if(infos.begin(), infos.end(), [job](const db::ObjectInfo& info) { return info.oid == job; });
    return found != infos.end() && found->object_name ? checks::qualified_name(*found) : std::nullopt;
  };
  const auto in_live = named(live_names);
  const auto in_backup = named(backup_names);
  if (in_live && in_backup && *in_live != *in_backup) {
    return fmt::format("job {} is {} in live but {} in the backup", job, *in_live, *in_backup);
  }
  return std::nullopt;
}

// Identity: each job is the same object, type, database, schema and (where live still knows
// it) name in live and the backup.
void
refuse_other_identity(const LiveRows& live_rows, const BackupRows& backup_rows, RestorePlan& plan)
{
  const auto live_object_of = plan_objects_by_oid(live_rows.objects);
  const auto backup_object_of = plan_objects_by_oid(backup_rows.objects);
  for (const int job : plan.request.jobs) {
    const auto in_live = live_object_of.find(std::to_string(job));
    const auto in_backup = backup_object_of.find(std::to_string(job));
    if (in_backup == backup_object_of.end()) {
      plan.refusals.push_back(in_live == live_object_of.end()
                                ? fmt::format("job {} is neither in live nor in the backup (a mistyped id? rwdoctor "
                                              "check lists the jobs of each incident)",
                                              job)
                                : fmt::format("job {} is not in the backup", job));
      plan.not_in_backup.push_back(job);
      continue;
    }
    if (in_live == live_object_of.end()) {
      plan.refusals.push_back(fmt::format("job {} is not in live; restore puts back fragments, not jobs", job));
      continue;
    }
    for (std::size_t column = 1; column <= 3; ++column) {
      if ((*in_live->second)[column] != (*in_backup->second)[column]) {
        plan.refusals.push_back(fmt::format("job {} differs between live and backup (type, database or schema)", job));
        break;
      }
    }
    if (const auto refusal = renamed_refusal(job, live_rows.names, backup_rows.names)) {
      plan.refusals.push_back(*refusal);
    }
  }
}

// The last word on a plan whose rows are known: a repeated restore has nothing to do; a job
// without a finding, or a plan without rows, is refused.
void
judge_nothing_to_do(db::MetaStoreSession& live, const checks::CheckReport& live_report,
                    const std::vector<int>& without_findings, RestorePlan& plan)
{
  const auto& jobs = plan.request.jobs;
  const bool nothing_lacking = plan.changes.inserted.empty() && plan.changes.updates.empty();
  if (nothing_lacking && plan.refusals.empty() && without_findings.size() == jobs.size()) {
    // A repeated restore: live has every row of the jobs' graph, byte for byte as the backup.
    const auto restored = AuditLog(live).last_repairs("restore", jobs);
    plan.nothing_to_do = fmt::format("live already has every row of {}'s fragment graph, byte for byte as the "
                                     "backup{}; nothing to do",
                                     jobs.size() == 1 ? fmt::format("job {}", jobs.front())
                                                      : fmt::format("jobs {}", fmt::join(jobs, ", ")),
                                     restored.empty() ? "" : fmt::format(" (restored by rwdoctor: {})",
                                                                         describe_repairs(restored)));
    return;
  }
  // A job without a finding only says something when every check that looks for one ran.
  const auto failed = failed_check_refusals(live_report);
  if (!without_findings.empty() && !failed.empty()) {
    plan.refusals.insert(plan.refusals.end(), failed.begin(), failed.end());
  }
  for (const int job : failed.empty() ? without_findings : std::vector<int>{}) {
    plan.refusals.push_back(fmt::format("job {} has no finding that restore-fragments repairs in live", job));
  }
  if (nothing_lacking && plan.refusals.empty()) {
    plan.refusals.push_back("the backup has nothing that live lacks for these jobs");
  }
}

// The protobuf test of every value the restore writes and the hash of its rows: both read
// every value and neither changes the plan, so they share the cores.
void
validate_and_hash(RestorePlan& plan)
{
  auto inserts_hash = std::async(std::launch::async, [&plan] { return hash_rows(plan.changes.inserted); });
  std::vector<std::string> malformed;
  refuse_malformed_protobuf(plan, malformed);
  const auto inserted_hash = inserts_hash.get();
  plan.refusals.insert(plan.refusals.end(), malformed.begin(), malformed.end());
  plan.rows_hash = hash_changes(plan.changes, inserted_hash);
}

} // namespace

std::map<std::string, std::size_t>
RestorePlan::row_counts() const
{
  return changes.row_counts();
}

// The steps, in order: the backup's side starts on its own connection; live's candidate
// checks make each job a candidate; live's rows are read; the backup is accepted (its checks,
// its generation) and each job's identity compared; the backup's rows are compared with live
// (restore_rows); broken neighbours and the jobs' state in Hummock may refuse; the values are
// validated and hashed. The backup's checks start when the plan is made, beside the restore's
// writes when the caller takes them (`backup_checks`), and never for a plan that ends early.
RestorePlan
plan_restore(db::MetaStoreSession& live, db::MetaStoreSession& backup, const std::string& backup_description,
             const RestoreRequest& request, BackupChecks* backup_checks)
{
  auto plan = empty_restore_plan(live, backup_description, request);
  BackupSide backup_side(backup, request.jobs);
  if (backup_checks == nullptr) {
    backup_side.start_checks(true);
  }
  // Live's run here only makes each job a candidate: the checks that offer restore-fragments,
  // for the jobs. The repair's before and after runs read for the jobs and their neighbours
  // (check_scope), known once the backup's edges are.
  const std::set<int> requested(request.jobs.begin(), request.jobs.end());
  const auto live_report = checks::run_checks(live, checks::Catalogue::builtin(),
                                              candidate_check_selection(checks::Repair::restore_fragments, requested),
                                              nullptr);
  const auto without_findings = take_restore_findings(live_report, request.jobs, plan);
  const auto live_rows = read_live_rows(live, request.jobs);
  auto backup_rows = backup_side.rows();
  if (!accept_backup(backup_side, backup_rows, live_rows, backup_checks, plan)) {
    return plan;
  }
  refuse_other_identity(live_rows, backup_rows, plan);
  if (!plan.refusals.empty()) {
    return plan;
  }
  if (backup_rows.read_error) {
    std::rethrow_exception(backup_rows.read_error);
  }
  // Taken before the rows move into the plan's inserts.
  const auto state_tables = backup_state_tables(backup_rows.graph.tables, request.jobs);
  plan_graph_changes(live, live_rows, backup_rows, plan);
  if (plan.refusals.empty()) {
    refuse_broken_neighbours(live, requested, plan);
  }
  // A job whose state Hummock no longer holds (or holds behind its database) cannot come back.
  grade_restored_state(live, state_tables, request.jobs, plan.state, plan.refusals);
  validate_and_hash(plan);
  judge_nothing_to_do(live, live_report, without_findings, plan);
  backup_side.start_checks(plan.refusals.empty());
  return plan;
}

} // namespace rwdoctor::repair
