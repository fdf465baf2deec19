// The commands that carry out an incident's repairs, exactly as a DBA pastes them: rwdoctor
// dry runs (each prints the command that applies it) and, for a repair by hand that the data
// determines, the psql command with the statement. Pure.
#pragma once

#include "incidents/incidents.hpp"

#include <optional>
#include <string>
#include <vector>

namespace rwdoctor::incidents {

struct CommandContext
{
  std::string rwdoctor_arguments; // " -d metadata -h ... --schema ..." (cli::connection_arguments)
  std::string psql_arguments;     // the same without --schema
  std::string schema;             // the meta store's schema when not the default, else ""
  // check --from: the backup as the restore commands name it (cli::backup_argument, never a
  // password); "" for the placeholder BACKUP.
  std::string backup_argument;
};

// The placeholder the restore command carries for the backup's conninfo.
inline constexpr const char* k_backup_placeholder = "BACKUP";

// What the commands pass to --from: the context's backup, else the placeholder.
std::string backup_of(const CommandContext& context);

// A command and the repair it carries out.
struct Command
{
  checks::Repair repair = checks::Repair::manual;
  std::string text;
  bool by_hand_choice = false; // manual without a statement: `rwdoctor explain`, a person decides
};

// One command per repair: the recommended one first, then the alternatives. `statement` is
// the root finding's statement (Finding::statement).
std::vector<Command>
commands_for(const Incident& incident, const FindingFacts& root, const std::optional<std::string>& statement,
             const CommandContext& context);

} // namespace rwdoctor::incidents
