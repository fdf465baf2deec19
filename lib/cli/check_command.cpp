#include "cli/check_command.hpp"

#include "checks/catalogue.hpp"
#include "checks/check_runner.hpp"
#include "cli/terminal.hpp"
#include "core/error.hpp"
#include "db/meta_store_session.hpp"
#include "report/json_report.hpp"
#include "report/text_report.hpp"
#include "util/text.hpp"

#include <boost/program_options.hpp>
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <ostream>
#include <sstream>

namespace po = boost::program_options;

namespace rwdoctor::cli {

namespace {

enum class Format { text, json };

Format
parse_format(const std::string& text)
{
  if (text == "text") {
    return Format::text;
  }
  if (text == "json") {
    return Format::json;
  }
  throw UsageError(fmt::format("unknown format '{}'", text), "Use --format text or --format json.");
}

po::variables_map
parse(const std::vector<std::string>& args, const po::options_description& options,
      const po::positional_options_description* positional = nullptr)
{
  po::variables_map values;
  try {
    auto parser = po::command_line_parser(args).options(options);
    if (positional != nullptr) {
      parser.positional(*positional);
    }
    po::store(parser.run(), values);
    po::notify(values);
  } catch (const po::error& error) {
    throw UsageError(error.what(), "Run 'rwdoctor check --help' (or 'rwdoctor --help') for the options.");
  }
  return values;
}

std::vector<std::string>
split_list(const std::vector<std::string>& values)
{
  std::vector<std::string> items;
  for (const auto& value : values) {
    for (auto& word : util::split_words(value)) {
      items.push_back(std::move(word));
    }
  }
  return items;
}

int
positive_milliseconds(const po::variables_map& values, const char* name)
{
  const auto text = values[name].as<std::string>();
  int parsed = 0;
  if (!util::parse_int32(text, parsed) || parsed <= 0) {
    throw UsageError(fmt::format("--{} takes a positive number of milliseconds, not '{}'", name, text),
                     fmt::format("Give the timeout in milliseconds, e.g. --{} 60000.", name));
  }
  return parsed;
}

po::options_description
check_options()
{
  po::options_description options("rwdoctor check options");
  options.add_options()
    ("help", "show this help")
    ("dbname,d", po::value<std::string>(), "database name, conninfo string or postgres:// URI")
    ("host,h", po::value<std::string>(), "database server host or socket directory")
    ("port,p", po::value<std::string>(), "database server port")
    ("username,U", po::value<std::string>(), "database user name")
    ("schema", po::value<std::string>(), "schema holding the meta store tables (default: current schema)")
    ("format", po::value<std::string>()->default_value("text"), "output format: text or json")
    ("check", po::value<std::vector<std::string>>()->composing(), "run only this check (repeatable)")
    ("job", po::value<std::vector<std::string>>()->composing(), "report only findings about this job id (repeatable)")
    ("database", po::value<std::string>(), "report only findings in this RisingWave database")
    ("quiet,q", "print only findings of severity warning and above")
    ("statement-timeout", po::value<std::string>()->default_value("300000"), "statement_timeout in milliseconds")
    ("lock-timeout", po::value<std::string>()->default_value("10000"), "lock_timeout in milliseconds");
  return options;
}

} // namespace

int
run_check_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
  const auto options = check_options();
  const auto values = parse(args, options);
  if (values.count("help") != 0) {
    std::ostringstream text;
    text << "Usage: rwdoctor check [options]\n\n" << options
         << "\nExit codes: 0 clean, 4 inconsistencies found, 8 operational error or a check could not run, "
            "16 usage error.\n";
    out << text.str();
    return to_int(ExitCode::clean);
  }
  const auto format = parse_format(values["format"].as<std::string>());

  db::ConnectionOptions connection;
  const auto text_option = [&](const char* name) {
    return values.count(name) != 0 ? values[name].as<std::string>() : std::string();
  };
  connection.dbname = text_option("dbname");
  connection.host = text_option("host");
  connection.port = text_option("port");
  connection.user = text_option("username");
  connection.schema = text_option("schema");
  connection.statement_timeout_ms = positive_milliseconds(values, "statement-timeout");
  connection.lock_timeout_ms = positive_milliseconds(values, "lock-timeout");

  checks::CheckSelection selection;
  if (values.count("check") != 0) {
    selection.check_ids = split_list(values["check"].as<std::vector<std::string>>());
  }
  if (values.count("job") != 0) {
    for (const auto& text : split_list(values["job"].as<std::vector<std::string>>())) {
      int id = 0;
      if (!util::parse_int32(text, id) || id <= 0) {
        throw UsageError(fmt::format("--job takes a job id (a positive integer), not '{}'", text),
                         "Job ids are the job_id values that rwdoctor check reports.");
      }
      selection.job_ids.insert(id);
    }
  }
  if (values.count("database") != 0) {
    selection.database = values["database"].as<std::string>();
  }
  const bool quiet = values.count("quiet") != 0;
  const auto& catalogue = checks::Catalogue::builtin();
  for (const auto& id : selection.check_ids) {
    if (!catalogue.contains(id)) {
      throw UsageError(fmt::format("unknown check '{}'", id), "Run 'rwdoctor checks' to list the check ids.");
    }
  }

  db::MetaStoreSession session(connection);
  TerminalProgress progress(err, !quiet && stderr_is_terminal());
  const auto report = checks::run_checks(session, catalogue, selection, &progress);
  for (const auto& warning : report.warnings) {
    fmt::print(err, "rwdoctor: warning: {}\n", warning);
  }
  for (const auto& table : report.meta_store.missing_tables) {
    fmt::print(err, "rwdoctor: error: the meta store in schema \"{}\" is missing table \"{}\"\n", report.meta_store.schema,
               table);
    fmt::print(err, "HINT: Restore the table from a backup of the meta store; checks that need it cannot run.\n");
  }

  if (format == Format::json) {
    out << report::render_check_json(report);
  } else {
    const auto colour = stdout_is_terminal() && !no_color_requested() ? report::Colour::on : report::Colour::off;
    out << report::render_check_text(report, catalogue, colour,
                                     quiet ? report::Verbosity::quiet : report::Verbosity::normal);
  }
  const auto code = checks::verdict(report);
  if (code == ExitCode::operational && report.meta_store.missing_tables.empty()) {
    fmt::print(err, "rwdoctor: error: some checks could not run, so the meta store was not fully checked\n");
    fmt::print(err, "HINT: See the failed checks above; fix access or timeouts and run rwdoctor check again.\n");
  }
  return to_int(code);
}

int
run_checks_command(const std::vector<std::string>& args, std::ostream& out)
{
  po::options_description options("rwdoctor checks options");
  options.add_options()("help", "show this help")(
    "format", po::value<std::string>()->default_value("text"), "output format: text or json");
  const auto values = parse(args, options);
  if (values.count("help") != 0) {
    out << "Usage: rwdoctor checks [--format text|json]\n";
    return to_int(ExitCode::clean);
  }
  const auto format = parse_format(values["format"].as<std::string>());
  const auto& catalogue = checks::Catalogue::builtin();
  out << (format == Format::json ? report::render_catalogue_json(catalogue) : report::render_catalogue_text(catalogue));
  return to_int(ExitCode::clean);
}

int
run_explain_command(const std::vector<std::string>& args, std::ostream& out)
{
  po::options_description options("rwdoctor explain options");
  options.add_options()("help", "show this help")("id", po::value<std::string>(), "check id");
  po::positional_options_description positional;
  positional.add("id", 1);
  const auto values = parse(args, options, &positional);
  if (values.count("help") != 0) {
    out << "Usage: rwdoctor explain ID\n";
    return to_int(ExitCode::clean);
  }
  if (values.count("id") == 0) {
    throw UsageError("explain needs a check id", "Run 'rwdoctor checks' to list the check ids.");
  }
  const auto id = values["id"].as<std::string>();
  const auto& catalogue = checks::Catalogue::builtin();
  if (!catalogue.contains(id)) {
    throw UsageError(fmt::format("unknown check '{}'", id), "Run 'rwdoctor checks' to list the check ids.");
  }
  out << report::render_explain_text(catalogue, id);
  return to_int(ExitCode::clean);
}

} // namespace rwdoctor::cli
