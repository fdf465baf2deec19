// How to reach the meta store, following libpq conventions: -d takes a database name, a
// conninfo string or a postgres:// URI; -h/-p/-U override; PG* variables and ~/.pgpass are
// honoured by libpq itself.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace rwdoctor::db {

struct ConnectionOptions
{
  std::string dbname;  // -d: name, "key=value ..." or "postgres://..." ("" = libpq default)
  std::string host;    // -h ("" = libpq default)
  std::string port;    // -p
  std::string user;    // -U
  std::string schema;  // --schema ("" = the connection's current_schema())
  int statement_timeout_ms = 300000;
  int lock_timeout_ms = 10000;
  // check --stuck-after: the age from which job-stuck reports a job that has not finished.
  // Every session sets it as rwdoctor.stuck_after_seconds (harden_session.sql), which the
  // check's SQL reads (run by hand without it, the SQL takes the same default).
  int stuck_after_seconds = 1800;
  // A password typed at a prompt (-W, or asked for by ask_password); goes into the conninfo
  // only, never into a message, a file or a printed command.
  std::string password;
  // When the server asks for a password that was not given (libpq's "no password supplied"):
  // asked once, and the connection tried again with the answer. nullopt: no prompt possible.
  // Empty: never asked (not a terminal).
  std::function<std::optional<std::string>()> ask_password;
};

// The conninfo string handed to libpq: the -d value expanded (URI or key=value), -h/-p/-U
// applied on top, application_name=rwdoctor and client_encoding=UTF8 set. May contain a
// password: never print it; use describe_target() for messages. Throws UsageError when -d is
// not a valid conninfo or URI.
std::string
build_conninfo(const ConnectionOptions& options);

// The database, host, port and user that `options` reach (a conninfo string or URI taken
// apart), as plain -d/-h/-p/-U values, with the password and every other setting left out:
// what a printed command may repeat. Schema and timeouts are kept.
ConnectionOptions public_connection(const ConnectionOptions& options);

// A credential-free description for messages, e.g. `database "metadata" on host "db1" port
// 5432 as user "rw"`; parts libpq would take from its defaults are left out.
std::string
describe_target(const ConnectionOptions& options);

} // namespace rwdoctor::db
