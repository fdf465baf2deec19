// The walk of a `repair all` or `repair fix` plan on a terminal: the plan, then apply / choose
// an incident's repair / view its SQL / no, until the DBA applies or says no.
#pragma once

#include "repair/all_plan.hpp"

#include <functional>
#include <iosfwd>
#include <optional>

namespace rwdoctor::cli {

// Walks `plan` (made for `request`). A choice of repair goes into `request.choices` and
// `replan` makes the plan again with it (a choice that plans with a refusal is explained and
// taken back). Returns the plan to apply, or nullopt when the DBA said no or the plan has
// refusals.
std::optional<repair::AllPlan> walk_all_plan_on_terminal(
  repair::AllRequest& request, repair::AllPlan plan,
  const std::function<repair::AllPlan(const repair::AllRequest&)>& replan, std::istream& in, std::ostream& out);

} // namespace rwdoctor::cli
