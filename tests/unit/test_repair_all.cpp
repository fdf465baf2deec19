// The pure parts of `repair all`: which repairs an incident gets and in which order, the
// request as a plan file records it, and when the undo of a repair all applies.
#include "core/error.hpp"
#include "incidents/incidents.hpp"
#include "repair/all_plan.hpp"
#include "repair/all_plan_report.hpp"
#include "repair/all_plan_rules.hpp"
#include "repair/plan_report.hpp"
#include "repair/undo_file.hpp"
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

// undo --incident: steps taken back on their own. The file can no longer go back whole; a step
// cannot go back twice; when every step is back nothing is left to do; the hint names the
// steps still standing.
TEST_CASE("the undo of a repair all's steps one by one", "[all][undo]")
{
  auto left = all_evidence();
  left.rows_identical = 12;
  left.columns_at_new = 1;
  left.removed.absent = 1;
  left.steps = {1, 2, 3};
  CHECK(decide_undo(left).decision == UndoDecision::apply); // nothing taken back alone yet

  auto whole = left;
  whole.steps_undone = {2};
  const auto refused = decide_undo(whole);
  CHECK(refused.decision == UndoDecision::refuse);
  CHECK(refused.message == "incident 2 of this repair was taken back on its own, so the file can no longer be taken "
                           "back whole");
  CHECK(refused.hint == "Take back the others with: rwdoctor undo /state/undo.json --incident 1 --incident 3; "
                        "nothing was changed.");

  auto again = left;
  again.selected_steps = {2};
  again.steps_undone = {2};
  CHECK(decide_undo(again).decision == UndoDecision::nothing_to_do);
  CHECK(decide_undo(again).message == "incident 2 already taken back; nothing to do");
  again.selected_steps = {1, 2};
  CHECK(decide_undo(again).decision == UndoDecision::refuse);
  CHECK(decide_undo(again).message == "incident 2 of this repair was taken back already");

  auto other = left;
  other.selected_steps = {3};
  other.steps_undone = {2};
  CHECK(decide_undo(other).decision == UndoDecision::apply); // judged on step 3's own rows

  auto all_back = left;
  all_back.steps_undone = {1, 2, 3};
  CHECK(decide_undo(all_back).decision == UndoDecision::nothing_to_do);
}

// The part of an undo file that takes back some steps: their own rows only, newest step first.
TEST_CASE("an undo file's steps are taken back alone from their own rows", "[all][undo]")
{
  UndoData whole;
  whole.action = "all";
  whole.repair_id = "abc";
  whole.sequences = {"object_oid_seq"};
  const auto step = [](int incident, const std::string& table, int oid) {
    UndoStep made;
    made.incident = incident;
    made.repair = "drop";
    made.has_parts = true;
    made.oids = {oid};
    db::CapturedTable rows;
    rows.table = table;
    made.tables.push_back(rows);
    return made;
  };
  whole.steps = {step(2, "object", 33), step(1, "fragment", 16), step(3, "streaming_job", 41)};
  const auto part = undo_of_incidents(whole, {3, 2, 3});
  CHECK(part.only_incidents == std::vector<int>{2, 3});
  CHECK(part.oids == std::vector<int>{41, 33}); // newest step first
  REQUIRE(part.tables.size() == 2);
  CHECK(part.tables[0].table == "streaming_job");
  CHECK(part.tables[1].table == "object");
  CHECK(part.sequences.empty()); // the sequences stay, as the whole file's do
  CHECK(undoes_steps("abc", part.only_incidents) == "abc#2,3");
  CHECK(undone_step_marker_path("/u/x.json", 2) == "/u/x.json.undone-incident-2");

  CHECK_THROWS_AS(undo_of_incidents(whole, {5}), UsageError);
  auto older = whole;
  older.steps[0].has_parts = false; // a file written before steps kept their own rows
  CHECK_THROWS_AS(undo_of_incidents(older, {2}), RefusedError);
  CHECK_NOTHROW(undo_of_incidents(older, {1}));
  auto drop = whole;
  drop.action = "drop";
  CHECK_THROWS_AS(undo_of_incidents(drop, {1}), UsageError);
}
