#include "cli/all_plan_walk.hpp"

#include "checks/finding.hpp"
#include "cli/prompt.hpp"
#include "core/interrupt.hpp"
#include "repair/all_plan_report.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <istream>
#include <ostream>

namespace rwdoctor::cli {

namespace {

// Incident `id` of `plan`, wherever the plan lists it; nullptr if nowhere.
const repair::IncidentSummary*
incident_summary(const repair::AllPlan& plan, int id)
{
  const repair::IncidentSummary* summary = nullptr;
  for (const auto& step : plan.steps) {
    if (step.incident.id == id) {
      summary = &step.incident;
    }
    for (const auto& other : step.joined) {
      if (other.id == id) {
        summary = &other;
      }
    }
  }
  for (const auto& left : plan.remaining) {
    if (left.incident.id == id) {
      summary = &left.incident;
    }
  }
  return summary;
}

// The repairs incident `id` of `plan` can get at all: a restore when there is a backup and its
// root offers one, the fix when its root offers it, the drop when the incident offers one
// (never for a job that runs: incidents::job_runs).
std::vector<repair::StepKind>
offered_kinds(const repair::AllPlan& plan, int id, const repair::AllRequest& request)
{
  std::vector<repair::StepKind> kinds;
  const auto* summary = incident_summary(plan, id);
  if (summary == nullptr) {
    return kinds;
  }
  const auto* root = &summary->root;
  const auto offers = [&](checks::Repair repair) {
    return std::find(root->repairs.begin(), root->repairs.end(), repair) != root->repairs.end();
  };
  if (request.with_backup && !request.fixes_only && root->job_id
      && (offers(checks::Repair::restore_fragments) || offers(checks::Repair::restore_rows))) {
    kinds.push_back(repair::StepKind::restore);
  }
  if (offers(checks::Repair::fix)) {
    kinds.push_back(repair::StepKind::fix);
  }
  if (!request.fixes_only && root->job_id && offers(checks::Repair::drop_job) && summary->drop_offered) {
    kinds.push_back(repair::StepKind::drop);
  }
  return kinds;
}

// The incident the DBA names (with one incident there is nothing to ask); nullopt, said on
// `out`, for anything else.
std::optional<int>
ask_incident(const repair::AllPlan& plan, std::istream& in, std::ostream& out)
{
  const auto text = plan.incident_count == 1 ? std::string("1")
                                             : ask(in, out, fmt::format("incident (1-{}): ", plan.incident_count));
  int id = 0;
  if (!util::parse_int32(text, id) || id < 1 || static_cast<std::size_t>(id) > plan.incident_count) {
    fmt::print(out, "no incident '{}'\n", util::printable(text));
    return std::nullopt;
  }
  return id;
}

// [v]iew: the SQL of incident `id`'s step, until the DBA presses Enter.
void
view_incident_sql(const repair::AllPlan& plan, int id, std::istream& in, std::ostream& out)
{
  bool shown = false;
  for (const auto& step : plan.steps) {
    if (step.incident.id == id) {
      out << "\n" << repair::render_step_text(step);
      shown = true;
    }
  }
  if (!shown) {
    fmt::print(out, "incident {} is not repaired by this plan; nothing to show\n", id);
  }
  ask(in, out, "press Enter to go back to the plan ");
}

// The DBA's choice among `offered` for incident `id`: sets `kind` (nullopt for [s]kip) and
// returns true; false, said on `out`, for an answer that is none of them.
bool
ask_step_kind(const std::vector<repair::StepKind>& offered, int id, std::optional<repair::StepKind>& kind,
              std::istream& in, std::ostream& out)
{
  std::string menu;
  for (const auto offer : offered) {
    const auto name = repair::to_string(offer);
    menu += fmt::format("[{}]{}, ", name.substr(0, 1), name.substr(1));
  }
  const auto choice = ask(in, out, fmt::format("repair incident {} by {}or [s]kip it: ", id, menu));
  bool known = choice == "s";
  for (const auto candidate : offered) {
    if (choice == repair::to_string(candidate).substr(0, 1)) {
      kind = candidate;
      known = true;
    }
  }
  if (!known) {
    fmt::print(out, "no such choice '{}'\n", util::printable(choice));
  }
  return known;
}

// [c]hoose: only the repairs the incident's root finding offers; one that plans with a
// refusal is explained and the plan stays as it was. Returns true when `plan` changed.
bool
choose_incident_repair(repair::AllRequest& request, repair::AllPlan& plan, int id,
                       const std::function<repair::AllPlan(const repair::AllRequest&)>& replan, std::istream& in,
                       std::ostream& out)
{
  std::optional<repair::StepKind> kind;
  if (!ask_step_kind(offered_kinds(plan, id, request), id, kind, in, out)) {
    return false;
  }
  auto previous = request.choices;
  request.choices[id] = kind;
  auto chosen = run_cancellable([&] { return replan(request); });
  const auto refused = std::find_if(chosen.remaining.begin(), chosen.remaining.end(),
                                    [&](const repair::RemainingIncident& left) { return left.incident.id == id; });
  if (kind && refused != chosen.remaining.end()) {
    // The plan stays as it was: say why, where the eye is, instead of printing it again.
    fmt::print(out, "incident {} cannot be repaired that way: {}\nthe plan stays as it was.\n", id,
               util::printable(refused->why.front()));
    request.choices = std::move(previous);
    return false;
  }
  plan = std::move(chosen);
  return true;
}

} // namespace

std::optional<repair::AllPlan>
walk_all_plan_on_terminal(repair::AllRequest& request, repair::AllPlan plan,
                          const std::function<repair::AllPlan(const repair::AllRequest&)>& replan, std::istream& in,
                          std::ostream& out)
{
  bool reprint = true; // the plan changed, or something was shown over it
  for (;;) {
    if (reprint) {
      out << "\n" << repair::render_all_plan_text(plan);
    }
    reprint = false;
    if (!plan.refusals.empty()) {
      return std::nullopt;
    }
    const auto answer = ask(in, out, "\n[a]pply, [c]hoose an incident's repair, [v]iew its SQL, [n]o: ");
    if (answer == "a") {
      if (plan.steps.empty()) {
        fmt::print(out, "the plan repairs nothing; choose a repair, or [n]o\n");
        continue;
      }
      return plan;
    }
    if (answer == "c" || answer == "v") {
      const auto id = ask_incident(plan, in, out);
      if (!id) {
        continue;
      }
      if (answer == "v") {
        view_incident_sql(plan, *id, in, out);
        reprint = true;
      } else {
        reprint = choose_incident_repair(request, plan, *id, replan, in, out);
      }
      continue;
    }
    if (answer == "n" || answer == "q" || answer.empty()) {
      return std::nullopt;
    }
    fmt::print(out, "no such choice '{}'\n", util::printable(answer));
  }
}

} // namespace rwdoctor::cli
