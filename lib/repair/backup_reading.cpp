#include "repair/backup_reading.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "checks/finding_enricher.hpp"
#include "repair/plan_reads.hpp"
#include "repair/repair_checks.hpp"
#include "util/text.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace rwdoctor::repair {

namespace {

// 'MATERIALIZED_VIEW' -> "MATERIALIZED VIEW", 'INTERNAL' -> "INTERNAL TABLE": as the kind
// reads in a sentence.
std::string
kind_of_table_type(std::string table_type)
{
  if (table_type == "INTERNAL") {
    return "INTERNAL TABLE";
  }
  std::replace(table_type.begin(), table_type.end(), '_', ' ');
  return table_type;
}

// The backup's findings above info of the roots' checks: what "the same fault" is looked up in.
std::set<incidents::FaultKey>
backup_faults(db::MetaStoreSession& backup, const std::vector<incidents::FindingFacts>& roots)
{
  checks::CheckSelection selection;
  std::set<int> jobs;
  bool all_about_jobs = true;
  for (const auto& root : roots) {
    selection.check_ids.push_back(root.check);
    if (root.job_id) {
      jobs.insert(*root.job_id);
    } else {
      all_about_jobs = false;
    }
  }
  std::sort(selection.check_ids.begin(), selection.check_ids.end());
  selection.check_ids.erase(std::unique(selection.check_ids.begin(), selection.check_ids.end()),
                            selection.check_ids.end());
  if (all_about_jobs) {
    selection.scope_jobs = jobs; // how much to read; the keys below still compare whole findings
  }
  const auto report = checks::run_checks(backup, checks::Catalogue::builtin(), selection, nullptr);
  std::set<incidents::FaultKey> faults;
  for (const auto& finding : incidents::facts_of(report.findings)) {
    if (checks::counts_as_inconsistency(finding.severity)) {
      faults.insert(incidents::fault_key(finding));
    }
  }
  return faults;
}

} // namespace

incidents::BackupFacts
read_backup_facts(db::MetaStoreSession& backup, const std::vector<incidents::FindingFacts>& roots,
                  const std::vector<int>& nameless)
{
  incidents::BackupFacts facts;
  std::vector<int> subjects(nameless.begin(), nameless.end());
  for (const auto& root : roots) {
    if (const auto subject = root.job_id ? root.job_id : root.object_id) {
      subjects.push_back(*subject);
    }
  }
  subjects = sorted_unique(std::move(subjects));
  const auto described = subjects.empty() ? std::vector<db::ObjectInfo>{} : backup.describe_objects(subjects);
  std::vector<int> tables;
  for (const auto& info : described) {
    facts.held.insert(info.oid);
    if (info.obj_type == "TABLE") {
      tables.push_back(info.oid);
    }
  }
  std::map<int, std::string> table_kinds;
  if (!tables.empty()) {
    for (const auto& row : backup.run_file("sql/repair/table_kinds.sql", {util::pg_int_array(tables)}).values) {
      table_kinds.emplace(std::stoi(row[0].value_or("0")), kind_of_table_type(row[1].value_or("TABLE")));
    }
  }
  const std::set<int> wanted_names(nameless.begin(), nameless.end());
  for (const auto& info : described) {
    const auto name = checks::qualified_name(info);
    if (wanted_names.count(info.oid) != 0 && name) {
      const auto kind = table_kinds.find(info.oid);
      facts.names.emplace(info.oid,
                          incidents::BackupName{*name, kind != table_kinds.end() ? kind->second : info.obj_type});
    }
  }
  if (!roots.empty()) {
    facts.faults = backup_faults(backup, roots);
  }
  return facts;
}

std::set<int>
jobs_the_backup_holds(db::MetaStoreSession& backup, const std::vector<int>& jobs)
{
  const auto existing = ids_of(backup, "sql/repair/existing_objects.sql", jobs);
  std::set<int> held(existing.begin(), existing.end());
  if (held.empty()) {
    return held;
  }
  const auto report = checks::run_checks(backup, checks::Catalogue::builtin(), repair_check_selection(held, held),
                                         nullptr);
  for (const auto& finding : report.findings) {
    const auto subject = finding.job_id ? finding.job_id : finding.object_id;
    const bool drop_or_restore = checks::offers_repair(finding.repairs, checks::Repair::drop_job)
                                 || checks::offers_repair(finding.repairs, checks::Repair::restore_fragments);
    if (subject && checks::counts_as_inconsistency(finding.severity) && drop_or_restore) {
      held.erase(*subject);
    }
  }
  return held;
}

std::map<int, std::string>
job_definitions(db::MetaStoreSession& backup, const std::vector<int>& jobs)
{
  std::map<int, std::string> definitions;
  if (jobs.empty()) {
    return definitions;
  }
  for (const auto& row : backup.run_file("sql/repair/job_definitions.sql", {util::pg_int_array(jobs)}).values) {
    definitions.emplace(std::stoi(row[0].value_or("0")), row[1].value_or(""));
  }
  return definitions;
}

} // namespace rwdoctor::repair
