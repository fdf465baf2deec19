#include "report/guard_report.hpp"

#include "incidents/start_gate.hpp"
#include "report/text_report.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace rwdoctor::report {

namespace {

std::string
plural(std::size_t count, const char* word)
{
  return fmt::format("{} {}{}", count, word, count == 1 ? "" : "s");
}

bool
restores(checks::Repair repair)
{
  return repair == checks::Repair::restore_fragments || repair == checks::Repair::restore_rows;
}

// What the start would destroy of a job whose state its next recovery purges.
std::string
start_loss_line(const incidents::Incident& incident, const hummock::StateSummary& summary)
{
  if (summary.tables.empty()) {
    return "";
  }
  const auto jobs = fmt::format("job{} {}", incident.jobs.size() == 1 ? "" : "s", fmt::join(incident.jobs, ", "));
  if (summary.grade == hummock::Grade::removed || summary.grade == hummock::Grade::absent) {
    return fmt::format("     {}: the state is already gone from Hummock; the start loses nothing more\n", jobs);
  }
  const auto stakes = summary.keys ? fmt::format("{} key versions, {}", hummock::human_count(*summary.keys),
                                                 hummock::human_bytes(summary.bytes.value_or(0)))
                                   : std::string("no stats entry");
  return fmt::format("     the start destroys the state of {}: {} table{} in Hummock, {} (registration {})\n", jobs,
                     summary.tables.size(), summary.tables.size() == 1 ? "" : "s", stakes,
                     hummock::grade_name(summary.grade));
}

// A warning per check of --allow: what it accepts for this start, or that it found nothing.
std::string
allow_warnings(const checks::CheckReport& report, const incidents::StartDecision& decision,
               const std::set<std::string>& allowed)
{
  std::string err;
  std::map<std::string, std::size_t> accepted;
  for (const int id : decision.allowed) {
    ++accepted[report.findings.at(static_cast<std::size_t>(id - 1)).check];
  }
  for (const auto& check : allowed) {
    const auto count = accepted.count(check) != 0 ? accepted.at(check) : 0;
    err += count == 0 ? fmt::format("rwdoctor guard: warning: --allow {}: this check found nothing to accept\n", check)
                      : fmt::format("rwdoctor guard: WARNING: --allow {} accepts {} for this start: the meta node may "
                                    "crash or lose state\n",
                                    check, plural(count, "critical finding"));
  }
  return err;
}

// The verdict that blocks the start: a line per blocking incident with its first repair
// (and what the start destroys of its state), then the commands that repair them all.
std::string
blocked_start_text(const checks::CheckReport& report, const std::vector<incidents::FindingFacts>& facts,
                   const incidents::Analysis& analysis, const incidents::StartDecision& decision,
                   const incidents::CommandContext& commands, const hummock::IncidentStateSource& state)
{
  std::string out = fmt::format("rwdoctor guard: do not start the meta node: {} would crash it or lose state\n",
                                plural(decision.blocking.size(), "incident"));
  bool backup = false;
  // What the blocking incidents hold in Hummock, in one batch: a restore their state refuses
  // is not the repair to print.
  std::vector<incidents::Incident> blocking;
  for (const int id : decision.blocking) {
    blocking.push_back(analysis.incidents.at(static_cast<std::size_t>(id - 1)));
  }
  const auto states = state ? state(blocking, facts) : std::vector<hummock::StateSummary>{};
  for (std::size_t index = 0; index < blocking.size(); ++index) {
    auto& incident = blocking[index];
    const auto* graded = index < states.size() ? &states[index] : nullptr;
    if (graded != nullptr) {
      hummock::drop_refused_restore(incident, *graded);
    }
    const auto& root = report.findings.at(static_cast<std::size_t>(incident.root - 1));
    const auto repairs = incidents::commands_for(incident, facts.at(static_cast<std::size_t>(incident.root - 1)),
                                                 root.statement, commands);
    const auto first = repairs.empty() ? fmt::format("by hand (rwdoctor explain {})", root.check) : repairs.front().text;
    backup = backup || (!repairs.empty() && restores(repairs.front().repair));
    out += fmt::format("  {}. {}: {}: {}; repair: {}\n", incident.id, util::printable(short_subject(root)), root.check,
                       util::printable(root.message), util::printable(first));
    if (graded != nullptr && root.consequence == checks::Consequence::data_loss) {
      out += start_loss_line(incident, *graded);
    }
  }
  if (backup) {
    out += fmt::format("  {}: the conninfo of a copy of this meta store taken before the incident\n",
                       incidents::k_backup_placeholder);
  }
  out += fmt::format("rwdoctor guard: every incident repaired in one run: rwdoctor repair all{}{} --dry-run\n",
                     backup ? fmt::format(" --from {}", incidents::k_backup_placeholder) : std::string(),
                     util::printable(commands.rwdoctor_arguments));
  out += fmt::format("rwdoctor guard: the whole report: rwdoctor check{}\n", util::printable(commands.rwdoctor_arguments));
  return out;
}

// The error when `failed` checks could not run and nothing blocked: the gate cannot tell.
std::string
cannot_tell_error(const checks::CheckReport& report, std::size_t failed)
{
  const auto with_hint = std::find_if(report.checks.begin(), report.checks.end(), [](const checks::CheckOutcome& o) {
    return o.status == checks::CheckStatus::failed && !o.hint.empty();
  });
  return fmt::format("rwdoctor: error: {} could not run, so guard cannot tell whether the meta node may "
                     "start\nHINT: {}\n",
                     plural(failed, "check"),
                     with_hint != report.checks.end()
                       ? with_hint->hint
                       : "Fix access or timeouts and run rwdoctor guard again; do not start the meta node "
                         "until it exits 0.");
}

} // namespace

GuardReport
judge_start(const checks::CheckReport& report, const std::set<std::string>& allowed,
            const incidents::CommandContext& commands, const hummock::IncidentStateSource& state)
{
  const auto facts = incidents::facts_of(report.findings);
  const auto analysis = incidents::analyse(facts);
  const auto decision = incidents::decide_start(facts, analysis, allowed);

  GuardReport result;
  result.err += allow_warnings(report, decision, allowed);
  std::size_t failed = 0;
  for (const auto& outcome : report.checks) {
    if (outcome.status == checks::CheckStatus::failed) {
      ++failed;
      result.err += fmt::format("rwdoctor guard: check {} could not run: {}\n", outcome.id, outcome.error);
    }
  }

  if (!decision.blocking.empty()) {
    result.code = ExitCode::inconsistent;
    result.out += blocked_start_text(report, facts, analysis, decision, commands, state);
    return result;
  }
  if (failed != 0) {
    result.code = ExitCode::operational;
    result.err += cannot_tell_error(report, failed);
    return result;
  }
  const auto ran = std::count_if(report.checks.begin(), report.checks.end(), [](const checks::CheckOutcome& outcome) {
    return outcome.status == checks::CheckStatus::ran;
  });
  result.out += fmt::format("rwdoctor guard: the meta node may start: {} found nothing that crashes it or loses "
                            "state{}\n",
                            plural(static_cast<std::size_t>(ran), "check"),
                            decision.allowed.empty() ? "" : " (besides what --allow accepted)");
  return result;
}

} // namespace rwdoctor::report
