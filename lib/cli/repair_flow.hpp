// The steps the repair commands (drop, restore, all, apply, undo) share between reading their
// options and applying: how they were asked to run (--dry-run, --yes, on a terminal), the jobs
// of a drop or restore chosen on a terminal, the DBA's yes, and the plan file of --plan-out.
#pragma once

#include "checks/finding.hpp"
#include "cli/options.hpp"
#include "db/meta_store_session.hpp"
#include "repair/repair_transaction.hpp"
#include "repair/sealed_document.hpp"

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::cli {

// How a repair command was asked to run.
struct RepairMode
{
  bool dry_run = false;  // --dry-run: show the plan, change nothing
  bool yes = false;      // --yes: apply without asking
  bool terminal = false; // stdin and stdout are a terminal: the command may ask

  // On a terminal the plan comes first, also with --yes: before any lock wait, and the repair
  // then applies exactly the plan shown (or refuses it as stale). Without --yes it is shown to
  // be confirmed.
  bool shows_plan_first(Format format) const;
};

// --dry-run and --yes (a UsageError when both are given), and whether the command may ask.
RepairMode repair_mode_from(const po::variables_map& values);

// A UsageError naming `command` ("repair all") when it can neither ask nor was told
// --dry-run or --yes.
void require_dry_run_or_yes_off_terminal(const RepairMode& mode, const std::string& command);

// The refusals of the safety gates as they stand now, for a plan made without applying it
// (nullopt with --allow-online). Read on `live` before the plan opens its own connections,
// which the gates would count.
std::optional<std::vector<std::string>> gate_refusals_now(db::MetaStoreSession& live, const repair::SafetyGates& gates);

// What the DBA is asked when a drop or restore names no --job (see choose_jobs).
struct JobChoice
{
  const db::ConnectionOptions& connection;
  checks::Repair repair;
  std::string verb; // "drop" or "restore": the action, and "repair <verb>" the command
  std::function<std::string(int)> plan_text; // the plan of one job, for [v]iew SQL
};

// The jobs of a drop or restore: those of --job, else the ones the DBA chooses on a terminal.
// UsageError when the command can neither ask nor go on. Returns the exit code when the
// command ends here: clean when no finding offers the repair, inconsistent when the DBA chose
// no job ("nothing chosen").
std::optional<int> settle_jobs(std::vector<int>& jobs, const RepairMode& mode, const JobChoice& choice, std::istream& in,
                               std::ostream& out);

// Asks `question`; true when the DBA answers y.
bool confirmed(std::istream& in, std::ostream& out, const std::string& question);

// Says that the repair was not applied; returns the exit code refused.
int not_applied(std::ostream& out);

// A dry run's --plan-out: writes `plan` (sealed, with `repair_id`) to the new file the option
// names, and tells `err` the command that applies it (`apply_arguments` after the path:
// connection options and --from).
void save_dry_run_plan(const po::variables_map& values, repair::Json plan, const std::string& repair_id,
                       const std::string& apply_arguments, std::ostream& err);

// --plan-out of a repair applied without --dry-run: the plan made inside the transaction,
// written once although the plan callback runs again when a serialization failure is retried.
class PlanOutWriter
{
public:
  PlanOutWriter(const po::variables_map& values, std::string repair_id);
  // Writes the plan `plan_json` gives, unless there is no --plan-out or it is written already.
  void write_once(const std::function<repair::Json()>& plan_json);

private:
  std::optional<std::string> m_path;
  std::string m_repair_id;
  bool m_written = false;
};

} // namespace rwdoctor::cli
