// Pieces shared by the repair commands (drop, restore, apply, undo): their common options,
// the apply options they turn into, the backup connection of a restore, and the interactive
// choice of jobs on a terminal.
#pragma once

#include "checks/finding.hpp"
#include "cli/options.hpp"
#include "repair/repair_executor.hpp"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace rwdoctor::cli {

// The hint for a repair that needs --dry-run or --yes.
extern const char* const k_yes_or_dry_run;

// The connection options plus --yes, --undo-file, --allow-online, --lease-secs, --ticket,
// --no-audit-table and --format.
void add_repair_options(po::options_description& options);

// The gates, audit and undo path of a repair command; the audit row records "rwdoctor
// `command` `args`" (command: "repair drop", "apply", ...; args: what follows it), `action`
// names the default undo file. Lock waits are reported on `err`.
repair::ApplyOptions apply_options_from(const po::variables_map& values, const std::string& command,
                                        const std::vector<std::string>& args, const db::ConnectionOptions& connection,
                                        const std::string& action, std::ostream& err);

// Without -d, -h and -p, the database, host and port a plan or undo file names; without
// --schema, its schema: the printed "apply it with" and "to take the repair back" commands
// then work from any shell.
void default_connection_to(db::ConnectionOptions& connection, const po::variables_map& values,
                           const std::string& database, const std::string& host, const std::string& port,
                           const std::string& schema);

// The lines a finished repair prints: its undo file (absolute, with this host's name), the
// command that takes it back, and its audit row.
std::string applied_repair_footer(const std::string& what, const std::string& undo_path, const std::string& repair_id,
                                  long audit_id, const db::ConnectionOptions& connection, const std::string& database,
                                  const db::ServerIdentity& server);

// A repeated repair or apply whose work is done: the message (text or JSON), exit 0.
int report_nothing_to_do(const std::string& message, const std::string& repair_id, Format format, std::ostream& out);

// `plan` (a plan's JSON) as a finished repair reports it: applied, with its repair id, undo
// file and audit row (null without one).
repair::Json applied_plan_json(repair::Json plan, const std::string& repair_id, const std::string& undo_path,
                               long audit_id);

// A plan file (--plan-out): the plan, with the id the repair takes when it is applied, sealed.
std::string saved_plan_text(repair::Json plan, const std::string& repair_id);

// The backup's connection: --from as a database name reuses live's -h/-p/-U; a conninfo
// string or URI stands on its own (with libpq's defaults).
db::ConnectionOptions backup_connection(const po::variables_map& values, const db::ConnectionOptions& live);

// The --from value as a printed command may repeat it: a database name as given, a conninfo
// string or URI as "dbname=... host=... port=... user=..." without its password.
std::string backup_argument(const po::variables_map& values, const db::ConnectionOptions& backup);

// Thrown by choose_jobs when no finding offers the repair at all: there is nothing to do.
struct NothingToDo
{
};

// Walks the jobs whose findings offer `repair`: act / skip / show SQL / quit. `plan_text`
// renders the plan of one job. Returns the chosen job ids; throws NothingToDo without any.
std::vector<int> choose_jobs(const db::ConnectionOptions& connection, checks::Repair repair, const std::string& verb,
                             const std::function<std::string(int)>& plan_text, std::istream& in, std::ostream& out);

// RefusedError unless the meta store a saved plan's repair reached (`database`, `schema`) is
// the one the plan was made for.
void require_plan_target(const repair::SavedPlan& saved, const std::string& database, const std::string& schema);

// `rwdoctor apply` of a saved plan, each defined with the command that makes such plans: of
// `repair drop --plan-out`, of `repair restore --plan-out` (with --from) and of `repair all`
// or `repair fix --plan-out`. `apply` carries the plan's repair id.
int apply_saved_drop_plan(const db::ConnectionOptions& connection, const repair::SavedPlan& saved,
                          const repair::ApplyOptions& apply, Format format, std::ostream& out);
int apply_saved_restore_plan(const po::variables_map& values, const db::ConnectionOptions& connection,
                             const repair::SavedPlan& saved, const repair::ApplyOptions& apply, Format format,
                             std::ostream& out);
int apply_saved_all_plan(const po::variables_map& values, const db::ConnectionOptions& connection,
                         const repair::SavedPlan& saved, const repair::ApplyOptions& apply, Format format,
                         std::ostream& out);

} // namespace rwdoctor::cli
