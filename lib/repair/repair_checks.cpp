#include "repair/repair_checks.hpp"

#include "checks/catalogue.hpp"
#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rwdoctor::repair {

checks::CheckSelection
repair_check_selection(const std::set<int>& job_ids, const std::optional<std::set<int>>& scope)
{
  checks::CheckSelection selection;
  for (const auto& id : checks::Catalogue::builtin().ids()) {
    if (id != "blob-malformed") {
      selection.check_ids.push_back(id);
    }
  }
  selection.job_ids = job_ids;
  selection.scope_jobs = scope;
  return selection;
}

namespace {

// The check that decodes every fragment.stream_node of the store when it reads the whole store.
constexpr std::string_view k_plan_check = "stream-node-mismatch";

} // namespace

checks::CheckSelection
drop_check_selection()
{
  auto selection = repair_check_selection();
  selection.check_ids.erase(std::remove(selection.check_ids.begin(), selection.check_ids.end(), k_plan_check),
                            selection.check_ids.end());
  return selection;
}

checks::CheckSelection
drop_jobs_plan_selection(const std::set<int>& jobs)
{
  checks::CheckSelection selection;
  selection.check_ids = {std::string(k_plan_check)};
  selection.job_ids = jobs;
  selection.scope_jobs = jobs;
  return selection;
}

checks::CheckSelection
candidate_check_selection(checks::Repair repair, const std::set<int>& jobs)
{
  checks::CheckSelection selection;
  const auto& catalogue = checks::Catalogue::builtin();
  for (const auto& id : catalogue.ids()) {
    const auto& variants = catalogue.variants(id);
    if (std::any_of(variants.begin(), variants.end(), [repair](const checks::CheckSpec& spec) {
          return checks::offers_repair(spec.repairs, repair);
        })) {
      selection.check_ids.push_back(id);
    }
  }
  selection.job_ids = jobs;
  selection.scope_jobs = jobs;
  return selection;
}

std::vector<std::string>
checks_with_inconsistencies(const checks::CheckReport& report)
{
  std::set<std::string> found;
  for (const auto& finding : report.findings) {
    if (checks::counts_as_inconsistency(finding.severity)) {
      found.insert(finding.check);
    }
  }
  std::vector<std::string> ids;
  for (const auto& id : checks::Catalogue::builtin().ids()) {
    if (found.count(id) != 0) {
      ids.push_back(id);
    }
  }
  return ids;
}

std::vector<std::string>
report_refusals(const checks::CheckReport& report, bool failed_checks)
{
  std::vector<std::string> refusals;
  const auto& unknown = report.meta_store.unknown_migrations;
  if (!unknown.empty()) {
    refusals.push_back(fmt::format("the meta store has {} migration(s) this rwdoctor does not know ({}): a newer "
                                   "RisingWave wrote it, and repairs refuse tables whose meaning they cannot know",
                                   unknown.size(), unknown.front()));
  }
  if (failed_checks) {
    const auto failed = failed_check_refusals(report);
    refusals.insert(refusals.end(), failed.begin(), failed.end());
  }
  return refusals;
}

std::vector<std::string>
failed_check_refusals(const checks::CheckReport& report)
{
  std::vector<std::string> refusals;
  for (const auto& outcome : report.checks) {
    if (outcome.status == checks::CheckStatus::failed) {
      refusals.push_back(fmt::format("check {} could not run: {}", outcome.id, outcome.error));
    }
  }
  return refusals;
}

FindingKey
finding_key(const checks::Finding& finding)
{
  const bool store_level = !finding.job_id && !finding.fragment_id && !finding.object_id;
  return FindingKey{finding.check, finding.job_id, finding.fragment_id, finding.object_id,
                    store_level ? finding.name.value_or("") : std::string()};
}

std::set<FindingKey>
inconsistency_keys(const checks::CheckReport& report)
{
  std::set<FindingKey> keys;
  for (const auto& finding : report.findings) {
    if (checks::counts_as_inconsistency(finding.severity)) {
      keys.insert(finding_key(finding));
    }
  }
  return keys;
}

std::map<int, std::vector<checks::Finding>>
findings_offering_by_job(const checks::CheckReport& report, const std::vector<int>& jobs, checks::Repair repair)
{
  const std::set<int> wanted(jobs.begin(), jobs.end());
  std::map<int, std::vector<checks::Finding>> by_job;
  for (const auto& finding : report.findings) {
    // An info finding is a state RisingWave finishes by itself (a queued job, a backfill):
    // nothing to repair, whatever its check offers for its worse rows.
    if (!checks::offers_repair(finding.repairs, repair) || !checks::counts_as_inconsistency(finding.severity)) {
      continue;
    }
    if (finding.job_id && wanted.count(*finding.job_id) != 0) {
      by_job[*finding.job_id].push_back(finding);
    }
    if (finding.object_id && finding.object_id != finding.job_id && wanted.count(*finding.object_id) != 0) {
      by_job[*finding.object_id].push_back(finding);
    }
  }
  return by_job;
}

void
verify_after_repair(const std::set<FindingKey>& before, const checks::CheckReport& after,
                    const std::vector<int>& repaired)
{
  const std::set<int> touched(repaired.begin(), repaired.end());
  for (const auto& outcome : after.checks) {
    if (outcome.status == checks::CheckStatus::failed) {
      throw OperationalError(fmt::format("check {} could not run after the repair: {}", outcome.id, outcome.error),
                             "Nothing was changed; fix what stops the check and run the repair again.");
    }
  }
  for (const auto& finding : after.findings) {
    if (!checks::counts_as_inconsistency(finding.severity)) {
      continue;
    }
    const bool about_repaired = (finding.job_id && touched.count(*finding.job_id) != 0)
                                || (finding.object_id && touched.count(*finding.object_id) != 0);
    const bool is_new = before.count(finding_key(finding)) == 0;
    if (about_repaired || is_new) {
      // A repair rolled back is exit 8 (contract), not a refusal: it ran and undid itself.
      // Say whose finding it is: one the repair left in place reads differently from one it made.
      throw OperationalError(
        fmt::format("the repair did not verify, so it was rolled back: after it, [{}] {} ({})", finding.check, finding.message,
                    is_new ? "the repair would have created it"
                           : "it was there before the repair and still is after it"),
        is_new ? "Nothing was changed. Run rwdoctor check and look at this finding before repairing again."
               : "Nothing was changed. Repair this finding's incident first (rwdoctor check lists the order), then "
                 "this one.");
    }
  }
}

} // namespace rwdoctor::repair
