// How the plan of `rwdoctor repair all` (and `repair fix`) is shown (text), scripted against
// (JSON) and saved (--plan-out, read back by read_saved_plan). Pure.
#pragma once

#include "repair/all_plan.hpp"
#include "repair/sealed_document.hpp"

#include <string>

namespace rwdoctor::repair {

// The plan as a JSON document (format "rwdoctor-plan", action "all"): the steps in order,
// each with its incident, repair, row counts and its own plan, and the incidents left.
Json all_plan_json(const AllPlan& plan);

// The plan for people: one block per incident in pass order ("1 of 4"), what each step
// changes and its SQL, the incidents left and why, refusals. Each line fits 80 columns
// unless a name or statement is longer.
std::string render_all_plan_text(const AllPlan& plan);

// One step as a DBA reviews it before choosing it on a terminal: its full plan and SQL.
std::string render_step_text(const AllStep& step);

// The request as a plan file records it, and back.
Json all_request_json(const AllRequest& request);
AllRequest all_request_from(const Json& json);

} // namespace rwdoctor::repair
