// Option handling shared by the commands: parsing with usage errors, the connection flags
// (as psql), output format, timeouts, and the command line as the audit row records it.
#pragma once

#include "checks/check_runner.hpp"
#include "db/connection_options.hpp"
#include "db/meta_store_session.hpp"
#include "incidents/commands.hpp"

#include <boost/program_options.hpp>

#include <functional>
#include <iosfwd>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace rwdoctor::cli {

namespace po = boost::program_options;

enum class Format { text, json };

// Parses `args`; any Boost error becomes a UsageError naming the command's --help.
po::variables_map parse_options(const std::vector<std::string>& args, const po::options_description& options,
                                const std::string& command, const po::positional_options_description* positional = nullptr);

// A command's --help: `usage` (with its blank line), `options`, then `footer` (its exit
// codes, or ""). Returns the exit code clean.
int print_command_help(std::ostream& out, const std::string& usage, const po::options_description& options,
                       const std::string& footer = "");

// -d/-h/-p/-U, --schema, --statement-timeout, --lock-timeout.
void add_connection_options(po::options_description& options);
db::ConnectionOptions connection_from(const po::variables_map& values);
// On a terminal, a function that asks for `connection`'s password without echo, once (later
// calls give the same answer); empty otherwise.
std::function<std::optional<std::string>()> password_prompter(const db::ConnectionOptions& connection);

Format format_from(const po::variables_map& values);

// The value of a string option, or "" when absent.
std::string text_option(const po::variables_map& values, const char* name);

// --lease-secs, which check and the repairs share: a meta leader heartbeat fresher than this
// many seconds means a meta node is running. lease_seconds_option reads it (UsageError unless
// a positive integer).
void add_lease_option(po::options_description& options);
int lease_seconds_option(const po::variables_map& values);

// A positive integer option; UsageError otherwise.
int positive_int_option(const po::variables_map& values, const char* name, const std::string& unit);

// Values of a repeatable option, each also split on commas and spaces.
std::vector<std::string> list_option(const po::variables_map& values, const char* name);

// The --job values as ids; UsageError for anything but a positive integer.
std::vector<int> job_ids_option(const po::variables_map& values);

// The check id a DBA typed: an id or an invariant label ("INV-08", "inv-8", "N5"). A
// UsageError for anything else, naming `option` ("--check") and suggesting close ids.
std::string check_id_argument(const std::string& text, const std::string& option);

// --job of a job the store does not have is a typo, not a clean result: UsageError naming the
// nearest job ids that exist.
void require_jobs_exist(db::MetaStoreSession& session, const std::set<int>& job_ids);

// What check and watch select: --check, --job, --database, --stuck-after.
void add_selection_options(po::options_description& options);
// The selection those options give (check ids validated against the catalogue), and
// --stuck-after into `connection` (every session sets it). UsageError for bad values.
checks::CheckSelection selection_from(const po::variables_map& values, db::ConnectionOptions& connection);

// The connection options of a printed next step (" -d metadata -h db1 -p 5432 -U rw"), so
// that the command works when pasted as printed, also in a shell without the PG* variables:
// what `connection` names, with the database, host and port the session actually reached
// (`database`, `server`) where it named none. Never a password.
std::string connection_arguments(const db::ConnectionOptions& connection, const std::string& database = "",
                                 const db::ServerIdentity* server = nullptr);

// The connection options of the commands `check` prints for its incidents: the meta store
// `session` reached through `connection`, for rwdoctor and (without --schema) for psql.
incidents::CommandContext command_context(const db::ConnectionOptions& connection, db::MetaStoreSession& session);

// " --job 16 --job 24": the jobs of a printed repair command.
std::string job_arguments(const std::vector<int>& jobs);

// "rwdoctor <command> <args>" with the connection strings (-d, and the backup's --from of
// restore, all and apply) replaced by a credential-free description: what the audit row keeps
// of a command line.
std::string redacted_command_line(const std::string& command, const std::vector<std::string>& args,
                                  const db::ConnectionOptions& connection);

} // namespace rwdoctor::cli
