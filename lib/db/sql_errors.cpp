#include "db/sql_errors.hpp"

#include "util/text.hpp"

#include <fmt/format.h>

namespace rwdoctor::db {

namespace {

// libpq messages span lines ("...failed: FATAL:  password ..."); keep them on one line.
std::string
one_line(std::string_view text)
{
  std::string line;
  bool space = false;
  for (const char c : util::trim(text)) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = true;
      continue;
    }
    if (space && !line.empty()) {
      line += ' ';
    }
    space = false;
    line += c;
  }
  return line;
}

bool
contains(std::string_view text, std::string_view part)
{
  return text.find(part) != std::string_view::npos;
}

} // namespace

std::string
effective_sqlstate(const pqxx::sql_error& error)
{
  if (!error.sqlstate().empty()) {
    return error.sqlstate();
  }
  // libpqxx 6.4 leaves sqlstate() empty for some exception classes; the class still says it.
  if (dynamic_cast<const pqxx::insufficient_privilege*>(&error) != nullptr) {
    return "42501";
  }
  if (dynamic_cast<const pqxx::undefined_table*>(&error) != nullptr) {
    return "42P01";
  }
  if (dynamic_cast<const pqxx::undefined_column*>(&error) != nullptr) {
    return "42703";
  }
  return {};
}

std::string
sqlstate_hint(std::string_view sqlstate)
{
  if (sqlstate == "42501") {
    return "Grant this role SELECT on the meta store's tables; a read-only role is enough for check.";
  }
  if (sqlstate == "57014") {
    return "The query ran into statement_timeout; raise it with --statement-timeout MS.";
  }
  if (sqlstate == "55P03") {
    return "Another session holds a conflicting lock; stop it or raise --lock-timeout MS.";
  }
  if (sqlstate == "42P01" || sqlstate == "42703") {
    return "A table or column the meta store should have is missing; compare the schema with a healthy store of the same release.";
  }
  if (util::starts_with(sqlstate, "22")) {
    return "A value in the meta store is malformed; run the check's SQL in psql to find the row (rwdoctor explain ID).";
  }
  if (util::starts_with(sqlstate, "08")) {
    return "The connection to PostgreSQL was lost; check the server and run rwdoctor again.";
  }
  return "Run the check's SQL in psql to see the problem (rwdoctor explain ID names the file).";
}

std::string
connect_hint(std::string_view libpq_message)
{
  if (contains(libpq_message, "password authentication failed") || contains(libpq_message, "no password supplied")) {
    return "Check the user name and the password (PGPASSWORD, ~/.pgpass or the URI given with -d).";
  }
  if (contains(libpq_message, "does not exist") && contains(libpq_message, "database")) {
    return "Check the database name given with -d/--dbname: it is the one in the meta node's --sql-endpoint.";
  }
  if (contains(libpq_message, "role") && contains(libpq_message, "does not exist")) {
    return "Check the user name given with -U or in the connection string.";
  }
  if (contains(libpq_message, "permission denied") || contains(libpq_message, "pg_hba.conf")) {
    return "The server refused this user or host; check pg_hba.conf and the role's CONNECT privilege.";
  }
  return "Check that PostgreSQL is running and that -h/-p (or PGHOST/PGPORT) point at it.";
}

std::string
server_message(const pqxx::sql_error& error)
{
  auto message = util::first_line(error.what());
  for (const std::string_view prefix : {"ERROR:", "FATAL:"}) {
    if (util::starts_with(message, prefix)) {
      message = std::string(util::trim(std::string_view(message).substr(prefix.size())));
    }
  }
  return one_line(message);
}

OperationalError
translate_sql_error(const pqxx::sql_error& error, std::string_view what)
{
  return OperationalError(fmt::format("{}: {}", what, server_message(error)), sqlstate_hint(effective_sqlstate(error)));
}

OperationalError
translate_connect_error(const pqxx::broken_connection& error, std::string_view target)
{
  const auto message = one_line(error.what());
  return OperationalError(fmt::format("cannot connect to {}: {}", target, message), connect_hint(message));
}

} // namespace rwdoctor::db
