#include "cli/repair_flow.hpp"

#include "cli/prompt.hpp"
#include "cli/repair_support.hpp"
#include "core/error.hpp"
#include "repair/undo_file.hpp"
#include "util/durable_file.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>

namespace rwdoctor::cli {

bool
RepairMode::shows_plan_first(Format format) const
{
  return !yes || (terminal && format == Format::text);
}

RepairMode
repair_mode_from(const po::variables_map& values)
{
  RepairMode mode;
  mode.dry_run = values.count("dry-run") != 0;
  mode.yes = values.count("yes") != 0;
  if (mode.dry_run && mode.yes) {
    throw UsageError("--dry-run and --yes exclude each other", k_yes_or_dry_run);
  }
  mode.terminal = interactive_terminal();
  return mode;
}

void
require_dry_run_or_yes_off_terminal(const RepairMode& mode, const std::string& command)
{
  if (!mode.dry_run && !mode.yes && !mode.terminal) {
    throw UsageError(fmt::format("{} needs --dry-run or --yes when it is not run on a terminal", command),
                     k_yes_or_dry_run);
  }
}

std::optional<std::vector<std::string>>
gate_refusals_now(db::MetaStoreSession& live, const repair::SafetyGates& gates)
{
  if (gates.allow_online) {
    return std::nullopt;
  }
  return repair::gate_refusals(live, gates, false);
}

std::optional<int>
settle_jobs(std::vector<int>& jobs, const RepairMode& mode, const JobChoice& choice, std::istream& in, std::ostream& out)
{
  const auto command = "repair " + choice.verb;
  if (!jobs.empty()) {
    require_dry_run_or_yes_off_terminal(mode, command);
    return std::nullopt;
  }
  if (!mode.terminal || mode.dry_run || mode.yes) {
    throw UsageError(fmt::format("{} needs --job ID when it cannot ask on a terminal", command),
                     "Name the jobs with --job (rwdoctor check lists them), or run it on a terminal to choose.");
  }
  try {
    jobs = choose_jobs(choice.connection, choice.repair, choice.verb, choice.plan_text, in, out);
  } catch (const NothingToDo&) {
    return to_int(ExitCode::clean);
  }
  if (jobs.empty()) {
    fmt::print(out, "nothing chosen; nothing was changed\n");
    return to_int(ExitCode::inconsistent);
  }
  return std::nullopt;
}

bool
confirmed(std::istream& in, std::ostream& out, const std::string& question)
{
  return ask(in, out, question) == "y";
}

int
not_applied(std::ostream& out)
{
  fmt::print(out, "not applied; nothing was changed\n");
  return to_int(ExitCode::refused);
}

void
save_dry_run_plan(const po::variables_map& values, repair::Json plan, const std::string& repair_id,
                  const std::string& apply_arguments, std::ostream& err)
{
  const auto path = repair::absolute_path(values["plan-out"].as<std::string>());
  util::write_new_file_durably(path, saved_plan_text(std::move(plan), repair_id), "--plan-out");
  fmt::print(err, "rwdoctor: plan written to {}; apply it with: rwdoctor apply {}{} --yes\n", path,
             util::shell_quote(path), apply_arguments);
}

PlanOutWriter::PlanOutWriter(const po::variables_map& values, std::string repair_id)
  : m_repair_id(std::move(repair_id))
{
  if (values.count("plan-out") != 0) {
    m_path = values["plan-out"].as<std::string>();
  }
}

void
PlanOutWriter::write_once(const std::function<repair::Json()>& plan_json)
{
  if (m_path && !m_written) {
    util::write_new_file_durably(*m_path, saved_plan_text(plan_json(), m_repair_id), "--plan-out");
    m_written = true;
  }
}

} // namespace rwdoctor::cli
