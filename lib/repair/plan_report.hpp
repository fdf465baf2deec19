// How a drop plan is shown (text), scripted against (JSON), saved (--plan-out) and read back
// (rwdoctor apply). Pure, apart from nothing: the CLI writes the text.
#pragma once

#include "repair/all_plan.hpp"
#include "repair/drop_plan.hpp"
#include "repair/restore_plan.hpp"
#include "repair/sealed_document.hpp"

#include <string>

namespace rwdoctor::repair {

// `object`'s name, or that it is unknown, with what its fragments say it is where they tell
// ("(name unknown; a materialized view by its fragments)").
std::string name_or_unknown(const PlanObject& object);

// The plan as a JSON document (format "rwdoctor-plan", format_version 1, no checksum).
Json plan_json(const DropPlan& plan);

// The plan for people: objects and why, row counts, the SQL, follow-ups, refusals.
// `verbose`: every temporary index statement, not one line for them.
std::string render_plan_text(const DropPlan& plan, bool verbose = false);

// A drop plan's block on what its jobs hold in Hummock at plan time (hummock::drop_note per
// job: what the drop discards, or that the state is already gone); "" when none has state tables.
std::string render_drop_state(const std::map<int, hummock::StateSummary>& states);

// The restore plan as a JSON document (format "rwdoctor-plan", action "restore").
Json restore_plan_json(const RestorePlan& plan);

// The restore plan for people.
std::string render_restore_plan_text(const RestorePlan& plan);

// What a saved plan commits to: the request, and the objects and rows it was made against.
struct SavedPlan
{
  std::string action = "drop"; // "drop", "restore" or "all" (repair all and repair fix)
  AllRequest all_request;      // an "all" plan's request
  DropRequest request;         // the jobs (and --cascade for a drop)
  std::vector<std::string> keep_live; // a restore's --keep-live choices
  std::vector<int> oids;
  std::string rows_hash;
  std::string database;
  std::string schema;
  std::string host; // where the plan was made ("" in plans of older rwdoctor versions)
  std::string port;
  std::string repair_id; // the id the repair takes when the plan is applied ("" if none)
};

// A dry run's reading of the safety gates (a plan's gates_now), "" when it has none.
std::string render_gates_now(const std::optional<std::vector<std::string>>& gates_now);

// The "meta_store" member of plan and undo files: where the repair runs.
Json meta_store_json(const std::string& database, const std::string& schema, const std::string& generation,
                     const db::ServerIdentity& server);

// Reads a plan file written by --plan-out (checksum verified). Throws RefusedError.
SavedPlan read_saved_plan(const std::string& text, const std::string& path);

} // namespace rwdoctor::repair
