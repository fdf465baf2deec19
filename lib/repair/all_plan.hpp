// The plan of `rwdoctor repair all` (and of `repair fix`, its fixes only): every incident of
// the store in pass order (lib/incidents), each repaired by the first repair that applies
// and plans without refusal (restore from the backup, else the fix its data determines, else
// a drop), or listed as remaining with why. One plan, one transaction, one undo file.
//
// The steps of a dry run are planned on the store as it is, each restore told which jobs the
// steps before it repair (so a neighbour those steps fix does not refuse it). Inside the
// repair transaction each step is planned on the store the steps before it left, then
// applied; each step's rows hash must equal the one the user saw.
#pragma once

#include "checks/finding.hpp"
#include "db/meta_store_session.hpp"
#include "incidents/incidents.hpp"
#include "repair/drop_plan.hpp"
#include "repair/fix_plan.hpp"
#include "repair/repair_checks.hpp"
#include "repair/restore_plan.hpp"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::repair {

enum class StepKind { restore, fix, drop };
std::string_view to_string(StepKind kind);
bool parse_step_kind(std::string_view text, StepKind& kind);

// What the plan shows of one incident of the check run it was made from.
struct IncidentSummary
{
  int id = 0; // the incident's number in pass order
  incidents::Pass pass = incidents::Pass::derived;
  checks::Finding root;
  std::size_t findings = 0; // the root and its consequences
  std::vector<int> jobs;
  std::string title; // "job 14 dev.public.orders_src: object-database-invalid (+2 findings)"
  // False when the incident's job runs (incidents::Incident::job_runs): the interactive choice
  // then offers no drop. Not written into plan files.
  bool drop_offered = false;
};

struct AllStep
{
  IncidentSummary incident;
  // Later incidents this step repairs too: jobs whose restores block each other (each is the
  // other's broken neighbour) are restored together.
  std::vector<IncidentSummary> joined;
  StepKind kind = StepKind::fix;
  // Why the repairs tried before this one were refused ("restore refused: job 50 is not in
  // the backup"): a drop says why nothing restores the job.
  std::vector<std::string> passed_over;
  // Planned in the second round, after these incidents' steps (which run first), because its
  // first attempt was refused (`first_refusal`): a neighbour one of them drops, say.
  std::vector<int> runs_after;
  std::string first_refusal;
  std::optional<DropPlan> drop;
  std::optional<RestorePlan> restore;
  std::optional<FixPlan> fix;

  const std::string& rows_hash() const;
  const ChangeSet& changes() const; // what the step writes, whichever planner made it
  std::map<std::string, std::size_t> row_counts() const;
  std::vector<int> repaired() const; // the jobs and objects it repairs (a drop's: every object it removes)
};

struct RemainingIncident
{
  IncidentSummary incident;
  std::vector<std::string> why; // one line per repair tried or missing
  // No step of its own, but the rows an earlier step's restore puts back reach its root
  // finding (restore_reaches): that incident's id. The checks after the repair confirm it
  // (AllOutcome::resolved_by_steps) or leave it remaining.
  std::optional<int> goes_with;
};

struct AllRequest
{
  bool with_backup = false;
  bool cascade = false; // drops take their dependents too (repair drop --cascade)
  // With a backup, a job whose restore is refused is not dropped instead unless this is set
  // (--drop-unrestorable) or the drop is the incident's chosen repair: the backup holds its
  // rows, and a drop would trade them away. A job whose state Hummock already removed is the
  // exception: its restore can never run, and the drop loses nothing more.
  bool drop_unrestorable = false;
  int max_objects = 50;
  // `repair fix --object`: only these objects' incidents, only fixes. Empty: every incident.
  std::vector<int> only_objects;
  // `repair fix --check`: only incidents whose root finding is of these checks.
  std::vector<std::string> only_checks;
  bool fixes_only = false;
  // Choices made on a terminal, by incident id: the repair to use, or none (skip).
  std::map<int, std::optional<StepKind>> choices;
};

struct AllPlan
{
  std::string database;
  std::string schema;
  std::string generation;
  db::ServerIdentity server;
  std::string backup; // credential-free description, "" without --from
  AllRequest request;
  std::size_t incident_count = 0; // incidents of the run the plan was made from (selected ones)
  std::vector<AllStep> steps;     // in pass order
  std::vector<RemainingIncident> remaining;
  std::vector<std::string> refusals; // non-empty: the plan must not run
  std::optional<std::vector<std::string>> gates_now; // as DropPlan's
  // The inconsistencies live had before, of the whole store: the repair's "before".
  std::set<FindingKey> live_findings;
  std::string rows_hash; // over every step's kind, incident and rows hash

  std::vector<int> repaired() const;
  std::size_t repaired_incidents() const; // steps and the incidents joined to them
  // Each dropped or restored job's Hummock state at plan time, over all steps.
  std::map<int, hummock::StateSummary> state() const;
  std::map<std::string, std::size_t> row_counts() const;
};

// How a step is applied inside the repair transaction (repair_executor.cpp).
using StepApplier = std::function<void(const AllStep& step)>;

// Plans the repair of every (selected) incident of the store `live` reads. `backup` (may be
// null) is the --from store. With `apply_step` (inside a repair transaction) each step is
// applied as soon as it is planned. Never writes by itself.
AllPlan plan_all(db::MetaStoreSession& live, db::MetaStoreSession* backup, const std::string& backup_description,
                 const AllRequest& request, const StepApplier& apply_step = {});

// The repairs an incident can get, in the order repair all tries them (pure): restore when
// there is a backup and the root offers it, the fix when its statement applies, a drop when
// the root offers it outside the placement pass. A choice made on a terminal replaces it.
std::vector<StepKind> repair_order(const incidents::Incident& incident, const checks::Finding& root,
                                   const AllRequest& request);

} // namespace rwdoctor::repair
