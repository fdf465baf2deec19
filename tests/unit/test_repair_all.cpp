// The pure parts of `repair all`: which repairs an incident gets and in which order, the
// request as a plan file records it, and when the undo of a repair all applies.
#include "incidents/incidents.hpp"
#include "repair/all_plan.hpp"
#include "repair/all_plan_report.hpp"
#include "repair/all_plan_rules.hpp"
#include "repair/plan_report.hpp"
#include "repair/undo_rules.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;
using namespace rwdoctor::repair;
using checks::Repair;

namespace {

checks::Finding
root_offering(std::vector<Repair> repairs, std::optional<int> job = 16)
{
  checks::Finding finding;
  finding.check = "job-without-fragments";
  finding.job_id = job;
  finding.object_id = job ? job : std::optional<int>(44);
  finding.repairs = std::move(repairs);
  return finding;
}

incidents::Incident
incident_in(incidents::Pass pass, bool statement_applies = false, bool job_runs = false)
{
  incidents::Incident incident;
  incident.id = 3;
  incident.pass = pass;
  incident.statement_applies = statement_applies;
  incident.job_runs = job_runs;
  return incident;
}

UndoEvidence
all_evidence()
{
  UndoEvidence evidence;
  evidence.action = "all";
  evidence.repair_id = "abc";
  evidence.path = "/state/undo.json";
  evidence.rows = 12;    // inserted by restores
  evidence.columns = 1;  // set by a fix
  evidence.removed.rows = 1; // deleted by a fix
  return evidence;
}

} // namespace

TEST_CASE("repair all tries restore, then the fix, then a drop", "[all]")
{
  const auto jobs = incident_in(incidents::Pass::jobs);
  AllRequest with_backup;
  with_backup.with_backup = true;
  const auto lost = root_offering({Repair::restore_fragments, Repair::drop_job});
  CHECK(repair_order(jobs, lost, with_backup) == std::vector<StepKind>{StepKind::restore, StepKind::drop});
  CHECK(repair_order(jobs, lost, AllRequest{}) == std::vector<StepKind>{StepKind::drop});
  const auto rows = root_offering({Repair::restore_rows, Repair::drop_job});
  CHECK(repair_order(jobs, rows, with_backup) == std::vector<StepKind>{StepKind::restore, StepKind::drop});

  // A job in the wrong database is placed, never dropped: the drop would plan from it.
  const auto placed = root_offering({Repair::fix, Repair::manual, Repair::drop_job}, 14);
  CHECK(repair_order(incident_in(incidents::Pass::placement, true), placed, with_backup)
        == std::vector<StepKind>{StepKind::fix});
  // Without a statement that applies (a leftover with more findings), no fix.
  const auto leftover = root_offering({Repair::fix, Repair::manual}, std::nullopt);
  CHECK(repair_order(incident_in(incidents::Pass::leftovers, false), leftover, with_backup).empty());
  CHECK(repair_order(incident_in(incidents::Pass::leftovers, true), leftover, with_backup)
        == std::vector<StepKind>{StepKind::fix});
  // A job that runs is never dropped, whatever its root offers (incidents::job_runs).
  CHECK(repair_order(incident_in(incidents::Pass::jobs, false, true), lost, with_backup)
        == std::vector<StepKind>{StepKind::restore});
  CHECK(repair_order(incident_in(incidents::Pass::jobs, false, true), lost, AllRequest{}).empty());
  // Manual only: nothing rwdoctor runs.
  CHECK(repair_order(jobs, root_offering({Repair::manual}), with_backup).empty());
  // A job repair needs a job.
  CHECK(repair_order(jobs, root_offering({Repair::restore_fragments, Repair::drop_job}, std::nullopt), with_backup)
          .empty());
}

// What a plan says of an incident nothing rwdoctor runs repairs: check's words for a finding
// RisingWave clears after the start, the statement where the data determines it, else explain.
TEST_CASE("an incident left to a person says what check's WHAT TO DO says", "[all]")
{
  auto root = root_offering({Repair::manual}, 30);
  root.check = "table-mview-fragment-invalid";
  root.clears_after_start = true;
  const auto incident = incident_in(incidents::Pass::jobs);
  CHECK(by_hand(incident, root, AllRequest{})
        == "nothing to do before the start: RisingWave clears it once the meta node runs (rwdoctor explain "
           "table-mview-fragment-invalid)");
  root.clears_after_start = false;
  CHECK(by_hand(incident, root, AllRequest{}) == "by hand, the data leaves a choice: rwdoctor explain "
                                                 "table-mview-fragment-invalid");
  root.statement = "UPDATE object SET database_id = 1 WHERE oid = 30;";
  CHECK(by_hand(incident_in(incidents::Pass::jobs, true), root, AllRequest{})
        == "by hand, the data determines it: UPDATE object SET database_id = 1 WHERE oid = 30;");
}

TEST_CASE("repair fix runs fixes only, and a choice on a terminal replaces the order", "[all]")
{
  const auto jobs = incident_in(incidents::Pass::jobs, true);
  const auto root = root_offering({Repair::restore_fragments, Repair::fix, Repair::drop_job});
  AllRequest fixes;
  fixes.with_backup = true;
  fixes.fixes_only = true;
  CHECK(repair_order(jobs, root, fixes) == std::vector<StepKind>{StepKind::fix});
  AllRequest chosen;
  chosen.with_backup = true;
  chosen.choices[3] = StepKind::drop;
  CHECK(repair_order(jobs, root, chosen) == std::vector<StepKind>{StepKind::drop});
  chosen.choices[3] = std::nullopt; // skipped
  CHECK(repair_order(jobs, root, chosen).empty());
  chosen.choices.clear();
  chosen.choices[4] = std::nullopt; // another incident's choice
  CHECK(repair_order(jobs, root, chosen).size() == 3);
}

TEST_CASE("a saved repair all plan keeps its request, and refuses a damaged one", "[all]")
{
  AllRequest request;
  request.with_backup = true;
  request.cascade = true;
  request.max_objects = 7;
  request.only_objects = {14, 44};
  request.fixes_only = true;
  request.choices[2] = StepKind::restore;
  request.choices[3] = std::nullopt;
  const auto back = all_request_from(all_request_json(request));
  CHECK(back.with_backup);
  CHECK(back.cascade);
  CHECK(back.max_objects == 7);
  CHECK(back.only_objects == std::vector<int>{14, 44});
  CHECK(back.fixes_only);
  CHECK(back.choices == request.choices);

  auto bad = all_request_json(request);
  bad["choices"]["2"] = "burn";
  CHECK_THROWS_AS(all_request_from(bad), Json::exception);
  bad = all_request_json(request);
  bad["choices"]["two"] = "fix";
  CHECK_THROWS_AS(all_request_from(bad), Json::exception);
  bad = all_request_json(request);
  bad.erase("with_backup");
  CHECK_THROWS_AS(all_request_from(bad), Json::exception);
  CHECK_THROWS_AS(all_request_from(Json::array()), Json::exception);
}

TEST_CASE("the undo of a repair all applies only while every step stands as it left it", "[all]")
{
  auto left = all_evidence();
  left.rows_identical = 12;
  left.columns_at_new = 1;
  left.removed.absent = 1;
  CHECK(decide_undo(left).decision == UndoDecision::apply);

  auto before = all_evidence();
  before.rows_absent = 12;
  before.columns_at_old = 1;
  before.removed.identical = 1;
  CHECK(decide_undo(before).decision == UndoDecision::nothing_to_do);
  before.pending = true;
  CHECK(decide_undo(before).decision == UndoDecision::refuse); // never committed
  before.pending = false;
  before.repair_row = AuditRow{};
  CHECK(decide_undo(before).decision == UndoDecision::refuse); // someone else took it back

  // One step moved on (the deleted leftover is back, with other content): refused, named.
  auto moved = left;
  moved.removed.absent = 0;
  moved.differing = {"object (44): there with other content"};
  moved.differing_count = 1;
  const auto verdict = decide_undo(moved);
  CHECK(verdict.decision == UndoDecision::refuse);
  CHECK(verdict.message.find("object (44)") != std::string::npos);
  CHECK(verdict.message.find("1 of the 14 row(s) and column value(s)") != std::string::npos);
  CHECK(!verdict.hint.empty());

  // A later repair of the same objects still stands: refused before any row is compared.
  auto later = left;
  later.later_repairs.push_back(AuditRow{});
  CHECK(decide_undo(later).decision == UndoDecision::refuse);
}

TEST_CASE("a plan names an object without its name by what its fragments say it is", "[all][report]")
{
  repair::PlanObject object;
  object.oid = 28;
  object.object_type = "TABLE";
  CHECK(repair::name_or_unknown(object) == "(name unknown)");
  object.kind_from_fragments = "MATERIALIZED VIEW";
  CHECK(repair::name_or_unknown(object) == "(name unknown; a materialized view by its fragments)");
  object.name = "dev.public.mv_events";
  CHECK(repair::name_or_unknown(object) == "dev.public.mv_events");
}
