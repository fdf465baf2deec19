#include "incidents/commands.hpp"

#include "util/text.hpp"

#include <fmt/format.h>

namespace rwdoctor::incidents {

std::string
backup_of(const CommandContext& context)
{
  return context.backup_argument.empty() ? std::string(k_backup_placeholder) : context.backup_argument;
}

namespace {

std::optional<Command>
command_for(checks::Repair repair, const Incident& incident, const FindingFacts& root,
            const std::optional<std::string>& statement, const CommandContext& context)
{
  switch (repair) {
  case checks::Repair::restore_fragments:
  case checks::Repair::restore_rows:
    if (root.job_id) {
      return Command{repair, fmt::format("rwdoctor repair restore --job {} --from {}{} --dry-run", *root.job_id,
                                         backup_of(context), context.rwdoctor_arguments)};
    }
    if (!root.subject_name.empty()) { // a store-level row the backup has (a system parameter)
      return Command{repair, fmt::format("rwdoctor repair all --from {} --check {}{} --dry-run", backup_of(context),
                                         root.check, context.rwdoctor_arguments)};
    }
    break;
  case checks::Repair::drop_job:
    if (root.job_id) {
      // With a backup (check --from), the drop carries it: repair drop then refuses a job the
      // backup holds, as repair all does.
      return Command{repair, fmt::format("rwdoctor repair drop --job {}{}{} --dry-run", *root.job_id,
                                         context.backup_argument.empty() ? "" : " --from " + context.backup_argument,
                                         context.rwdoctor_arguments)};
    }
    break;
  case checks::Repair::manual:
    if (statement && incident.statement_applies) {
      const auto sql = context.schema.empty()
                         ? *statement
                         : fmt::format("SET search_path TO {}; {}", util::quote_identifier_if_needed(context.schema),
                                       *statement);
      return Command{repair, fmt::format("psql{} -c {}", context.psql_arguments, util::shell_quote(sql))};
    }
    return Command{repair, fmt::format("rwdoctor explain {}", root.check), true};
  case checks::Repair::fix:
    if (root.object_id && incident.statement_applies) {
      return Command{repair, fmt::format("rwdoctor repair fix --object {}{} --dry-run", *root.object_id,
                                         context.rwdoctor_arguments)};
    }
    if (incident.statement_applies) { // about the store, not an object (a sequence)
      return Command{repair, fmt::format("rwdoctor repair fix --check {}{} --dry-run", root.check,
                                         context.rwdoctor_arguments)};
    }
    break;
  }
  return std::nullopt;
}

} // namespace

std::vector<Command>
commands_for(const Incident& incident, const FindingFacts& root, const std::optional<std::string>& statement,
             const CommandContext& context)
{
  std::vector<Command> commands;
  if (auto command = command_for(incident.recommended, incident, root, statement, context)) {
    commands.push_back(std::move(*command));
  }
  for (const auto repair : incident.alternatives) {
    if (auto command = command_for(repair, incident, root, statement, context)) {
      commands.push_back(std::move(*command));
    }
  }
  return commands;
}

} // namespace rwdoctor::incidents
