#include "cli/options.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_lookup.hpp"
#include "cli/prompt.hpp"
#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <sstream>

namespace rwdoctor::cli {

namespace {

// The hidden option that holds a trailing database name (see parse_options).
constexpr const char* k_positional_dbname = "positional-dbname";

} // namespace


po::variables_map
parse_options(const std::vector<std::string>& args, const po::options_description& options, const std::string& command,
              const po::positional_options_description* positional)
{
  po::variables_map values;
  try {
    // A command with connection options and no positional of its own takes the database
    // name as its last argument, as pg_amcheck and psql do.
    po::options_description with_database;
    with_database.add(options);
    po::positional_options_description database_last;
    const bool takes_database = positional == nullptr && options.find_nothrow("dbname", false) != nullptr;
    if (takes_database) {
      with_database.add_options()(k_positional_dbname, po::value<std::string>());
      database_last.add(k_positional_dbname, 1);
    }
    auto parser = po::command_line_parser(args).options(takes_database ? with_database : options);
    if (positional != nullptr) {
      parser.positional(*positional);
    } else if (takes_database) {
      parser.positional(database_last);
    }
    po::store(parser.run(), values);
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(error.what(), fmt::format("Run 'rwdoctor {} --help' for the options.", command));
  }
  return values;
}

int
print_command_help(std::ostream& out, const std::string& usage, const po::options_description& options,
                   const std::string& footer)
{
  std::ostringstream text;
  text << usage << options << footer;
  out << text.str();
  return to_int(ExitCode::clean);
}

void
add_connection_options(po::options_description& options)
{
  options.add_options()
    ("dbname,d", po::value<std::string>(), "database name, conninfo string or postgres:// URI")
    ("host,h", po::value<std::string>(), "database server host or socket directory")
    ("port,p", po::value<std::string>(), "database server port")
    ("username,U", po::value<std::string>(), "database user name")
    ("password,W", "ask for the password before connecting (on a terminal, it is asked anyway when the server "
                   "wants one)")
    ("schema", po::value<std::string>(), "schema holding the meta store tables (default: current schema)")
    ("statement-timeout", po::value<std::string>()->default_value("300000"), "statement_timeout in milliseconds")
    ("lock-timeout", po::value<std::string>()->default_value("10000"), "lock_timeout in milliseconds");
}

std::string
text_option(const po::variables_map& values, const char* name)
{
  return values.count(name) != 0 ? values[name].as<std::string>() : std::string();
}

int
positive_int_option(const po::variables_map& values, const char* name, const std::string& unit)
{
  const auto text = values[name].as<std::string>();
  int parsed = 0;
  if (!util::parse_int32(text, parsed) || parsed <= 0) {
    throw UsageError(fmt::format("--{} takes a positive number of {}, not '{}'", name, unit, text),
                     fmt::format("Give a whole number, e.g. --{} {}.", name, values[name].defaulted() ? text : "10"));
  }
  return parsed;
}

void
add_lease_option(po::options_description& options)
{
  options.add_options()("lease-secs", po::value<std::string>()->default_value("30"),
                        "a meta leader heartbeat fresher than this many seconds means the meta node is running");
}

int
lease_seconds_option(const po::variables_map& values)
{
  return positive_int_option(values, "lease-secs", "seconds");
}

std::function<std::optional<std::string>()>
password_prompter(const db::ConnectionOptions& connection)
{
  if (!interactive_terminal()) {
    return {};
  }
  auto user = db::public_connection(connection).user;
  if (user.empty() && std::getenv("PGUSER") != nullptr) {
    user = std::getenv("PGUSER");
  }
  const auto prompt = user.empty() ? std::string("Password: ")
                                   : fmt::format("Password for user {}: ", util::printable(user));
  // Asked at most once, whatever number of sessions the command opens to this target.
  auto answer = std::make_shared<std::optional<std::optional<std::string>>>();
  return [prompt, answer]() -> std::optional<std::string> {
    if (!*answer) {
      *answer = read_password(prompt);
    }
    return **answer;
  };
}

db::ConnectionOptions
connection_from(const po::variables_map& values)
{
  db::ConnectionOptions connection;
  connection.dbname = text_option(values, "dbname");
  const auto positional = text_option(values, k_positional_dbname);
  if (!positional.empty()) {
    if (!connection.dbname.empty()) {
      throw UsageError(fmt::format("the database is given twice: -d and '{}'", util::printable(positional)),
                       "Give it once: as -d NAME or as the last argument.");
    }
    connection.dbname = positional;
  }
  connection.host = text_option(values, "host");
  connection.port = text_option(values, "port");
  connection.user = text_option(values, "username");
  connection.schema = text_option(values, "schema");
  connection.statement_timeout_ms = positive_int_option(values, "statement-timeout", "milliseconds");
  connection.lock_timeout_ms = positive_int_option(values, "lock-timeout", "milliseconds");
  connection.ask_password = password_prompter(connection);
  if (values.count("password") != 0) {
    // -W: ask now, as psql does, instead of waiting for the server to want one.
    if (!interactive_terminal()) {
      throw UsageError("-W asks for a password on a terminal, and this is not one",
                       "Put the password in ~/.pgpass or PGPASSWORD when rwdoctor runs from a script.");
    }
    const auto typed = connection.ask_password();
    if (!typed || typed->empty()) {
      throw UsageError("no password was typed", "Type the password at the prompt, or put it in ~/.pgpass.");
    }
    connection.password = *typed;
  }
  return connection;
}

Format
format_from(const po::variables_map& values)
{
  const auto text = values["format"].as<std::string>();
  if (text == "text") {
    return Format::text;
  }
  if (text == "json") {
    return Format::json;
  }
  throw UsageError(fmt::format("unknown format '{}'", text), "Use --format text or --format json.");
}

std::vector<std::string>
list_option(const po::variables_map& values, const char* name)
{
  std::vector<std::string> items;
  if (values.count(name) == 0) {
    return items;
  }
  for (const auto& value : values[name].as<std::vector<std::string>>()) {
    for (auto& word : util::split_words(value)) {
      items.push_back(std::move(word));
    }
  }
  return items;
}

std::vector<int>
job_ids_option(const po::variables_map& values)
{
  std::vector<int> ids;
  for (const auto& text : list_option(values, "job")) {
    int id = 0;
    if (!util::parse_int32(text, id) || id <= 0) {
      throw UsageError(fmt::format("--job takes a job id (a positive integer), not '{}'", text),
                       "Job ids are the job_id values that rwdoctor check reports.");
    }
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
      ids.push_back(id);
    }
  }
  return ids;
}

std::string
connection_arguments(const db::ConnectionOptions& connection, const std::string& database,
                     const db::ServerIdentity* server)
{
  auto plain = db::public_connection(connection);
  if (plain.dbname.empty()) {
    plain.dbname = database;
  }
  if (server != nullptr) {
    plain.host = server->host;
    plain.port = server->port;
  }
  std::string text;
  const auto add = [&](const char* flag, const std::string& value) {
    if (!value.empty()) {
      text += fmt::format(" {} {}", flag, util::shell_quote(value));
    }
  };
  add("-d", plain.dbname);
  add("-h", plain.host);
  add("-p", plain.port);
  add("-U", plain.user);
  add("--schema", plain.schema);
  return text;
}

std::string
job_arguments(const std::vector<int>& jobs)
{
  std::string text;
  for (const int job : jobs) {
    text += fmt::format(" --job {}", job);
  }
  return text;
}

incidents::CommandContext
command_context(const db::ConnectionOptions& connection, db::MetaStoreSession& session)
{
  incidents::CommandContext context;
  const auto server = session.server_identity();
  context.rwdoctor_arguments = connection_arguments(connection, session.database(), &server);
  auto psql_connection = connection;
  psql_connection.schema.clear();
  context.psql_arguments = connection_arguments(psql_connection, session.database(), &server);
  context.schema = connection.schema;
  return context;
}

std::string
redacted_command_line(const std::string& command, const std::vector<std::string>& args,
                      const db::ConnectionOptions& connection)
{
  // The backup's conninfo is described from what it says itself (its password never).
  const auto backup = [](const std::string& conninfo) {
    db::ConnectionOptions options;
    options.dbname = conninfo;
    return db::describe_target(options);
  };
  std::string line = "rwdoctor " + command;
  const std::string* hidden = nullptr; // the option whose value comes next
  for (const auto& arg : args) {
    if (hidden != nullptr) {
      line += fmt::format(" '{}'", *hidden == "--from" ? backup(arg) : db::describe_target(connection));
      hidden = nullptr;
      continue;
    }
    if (arg == "-d" || arg == "--dbname" || arg == "--from") {
      hidden = &arg;
      line += " " + arg;
      continue;
    }
    if (util::starts_with(arg, "--dbname=") || (util::starts_with(arg, "-d") && arg.size() > 2)) {
      line += fmt::format(" -d '{}'", db::describe_target(connection));
      continue;
    }
    if (util::starts_with(arg, "--from=")) {
      line += fmt::format(" --from '{}'", backup(arg.substr(7)));
      continue;
    }
    line += " " + arg;
  }
  return line;
}

std::string
check_id_argument(const std::string& text, const std::string& option)
{
  const auto& catalogue = checks::Catalogue::builtin();
  if (const auto id = checks::find_check(catalogue, text)) {
    return *id;
  }
  const auto similar = checks::similar_checks(catalogue, text);
  std::string hint = "Run 'rwdoctor checks' to list the check ids; an invariant such as INV-08 works too.";
  if (!similar.empty()) {
    std::string names;
    for (std::size_t i = 0; i < similar.size() && i < 3; ++i) {
      names += fmt::format("{}'{}'", i == 0 ? "" : " or ", similar[i]);
    }
    hint = fmt::format("Did you mean {}? {}", names, hint);
  }
  throw UsageError(fmt::format("unknown check '{}'{}", util::printable(text), option.empty() ? "" : " in " + option),
                   hint);
}

void
require_jobs_exist(db::MetaStoreSession& session, const std::set<int>& job_ids)
{
  if (job_ids.empty()) {
    return;
  }
  const auto missing = session.jobs_not_found(std::vector<int>(job_ids.begin(), job_ids.end()));
  if (missing.empty()) {
    return;
  }
  std::string ids;
  for (const auto& [id, nearest] : missing) {
    ids += fmt::format("{}{}", ids.empty() ? "" : ", ", id);
  }
  std::string nearest_ids;
  for (const int id : missing.front().second) {
    nearest_ids += fmt::format("{}{}", nearest_ids.empty() ? "" : ", ", id);
  }
  throw UsageError(fmt::format("{} {} {} not exist in the meta store", missing.size() == 1 ? "job" : "jobs", ids,
                               missing.size() == 1 ? "does" : "do"),
                   nearest_ids.empty()
                     ? std::string("The meta store has no jobs; run rwdoctor check without --job.")
                     : fmt::format("The nearest job ids to {}: {}. Without --job, check reports every job.",
                                   missing.front().first, nearest_ids));
}

void
add_selection_options(po::options_description& options)
{
  options.add_options()
    ("check", po::value<std::vector<std::string>>()->composing(), "run only this check (repeatable)")
    ("job", po::value<std::vector<std::string>>()->composing(), "report only findings about this job id (repeatable)")
    ("database", po::value<std::string>(), "report only findings in this RisingWave database")
    ("stuck-after", po::value<std::string>()->default_value("30min"),
     "job-stuck reports an INITIAL job older than this (90s, 30min, 2h)");
}

checks::CheckSelection
selection_from(const po::variables_map& values, db::ConnectionOptions& connection)
{
  const auto stuck_after = values["stuck-after"].as<std::string>();
  if (!util::parse_duration_seconds(stuck_after, connection.stuck_after_seconds)) {
    throw UsageError(fmt::format("--stuck-after takes a duration, not '{}'", util::printable(stuck_after)),
                     "Give a number with s, min or h, e.g. --stuck-after 30min.");
  }
  checks::CheckSelection selection;
  selection.check_ids = list_option(values, "check");
  for (const int id : job_ids_option(values)) {
    selection.job_ids.insert(id);
  }
  if (values.count("database") != 0) {
    selection.database = values["database"].as<std::string>();
  }
  for (auto& id : selection.check_ids) {
    id = check_id_argument(id, "--check");
  }
  return selection;
}

} // namespace rwdoctor::cli
