// The check runs a repair makes: planning (live, and the backup's own rows for a restore),
// and after its change inside its transaction. The plan's run on live, made inside the
// repair transaction before anything is written, is the repair's "before".
#pragma once

#include "checks/check_runner.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace rwdoctor::repair {

// Every check but blob-malformed, reporting findings about `job_ids` (all when empty). With
// `scope`, the scoped checks read only the rows that can give a finding involving those jobs
// (CheckSpec::scoped): a restore's before and after runs, which must use the same scope.
// Scanning every protobuf value of the store was most of a repair's fixed cost (at scale M
// about 6 of the 8 s of each of its four check runs) and decides nothing here: blob-malformed
// offers only a manual repair, so it never makes a job a drop or restore candidate; inside
// the repair transaction the tables are locked, a drop only deletes rows, and a restore
// validates every protobuf value it writes itself (restore_plan.cpp), which is the same test.
checks::CheckSelection repair_check_selection(const std::set<int>& job_ids = {},
                                              const std::optional<std::set<int>>& scope = std::nullopt);

// The checks a drop reads the whole store with (its "before", and its run after the delete):
// repair_check_selection() without stream-node-mismatch. Decoding every plan of the store (most
// of a check's bytes) decides nothing a drop needs: a drop never makes a finding of that check
// (it removes fragments together with their edges, and a Merge from a fragment that is gone is
// not one), and whether the jobs to drop have one is read for them alone
// (drop_jobs_plan_selection).
checks::CheckSelection drop_check_selection();

// stream-node-mismatch scoped to `jobs`: the plans of the jobs a drop is asked for.
checks::CheckSelection drop_jobs_plan_selection(const std::set<int>& jobs);

// The checks whose findings offer `repair`, reading for `jobs` (scope and report): what makes
// each of the jobs a candidate for that repair, without the other checks.
checks::CheckSelection candidate_check_selection(checks::Repair repair, const std::set<int>& jobs);

// Why no repair may rest on `report`: migrations this rwdoctor does not know (a newer
// RisingWave wrote the store), and, with `failed_checks`, each check that could not run.
std::vector<std::string> report_refusals(const checks::CheckReport& report, bool failed_checks = true);

// One refusal per check of `report` that could not run ("check X could not run: <error>"):
// where such a check would have found something, nothing can be said.
std::vector<std::string> failed_check_refusals(const checks::CheckReport& report);

// The check ids of `report`'s findings that count as inconsistencies, in catalogue order.
std::vector<std::string> checks_with_inconsistencies(const checks::CheckReport& report);

// What identifies a finding across two runs: check id, job, fragment, object, and for a
// finding about the store itself (none of the three) the name of its subject (a sequence):
// each behind sequence is its own finding. An object's name is not part of the key: a repair
// may give a nameless object its row back.
using FindingKey =
  std::tuple<std::string, std::optional<int>, std::optional<int>, std::optional<int>, std::string>;

FindingKey finding_key(const checks::Finding& finding);

// The keys of `report`'s findings that count as inconsistencies (above info).
std::set<FindingKey> inconsistency_keys(const checks::CheckReport& report);

// The findings of `report` above info about each of `jobs` (as job or as object) that offer
// `repair`, in report order; jobs without one are absent.
std::map<int, std::vector<checks::Finding>>
findings_offering_by_job(const checks::CheckReport& report, const std::vector<int>& jobs, checks::Repair repair);

// Throws OperationalError (exit 8: the repair is rolled back) unless `after`,
// the run made after the change inside the repair transaction, has no inconsistency about
// `repaired` (jobs or objects) and none that `before` did not have: the repair must leave no
// finding about what it repaired, and create none.
void verify_after_repair(const std::set<FindingKey>& before, const checks::CheckReport& after,
                         const std::vector<int>& repaired);

} // namespace rwdoctor::repair
