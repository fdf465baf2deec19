// Turns libpqxx exceptions into rwdoctor errors with a message that names what failed and a
// hint that says what to do. Never includes connection strings or passwords.
#pragma once

#include "core/error.hpp"

#include <pqxx/except>

#include <string_view>

namespace rwdoctor::db {

// `what` names the failing step, e.g. "cannot read seaql_migrations".
OperationalError
translate_sql_error(const pqxx::sql_error& error, std::string_view what);

// `target` is describe_target()'s text.
OperationalError
translate_connect_error(const pqxx::broken_connection& error, std::string_view target);

// The hint for a libpq connection failure message; exposed for unit tests.
std::string
connect_hint(std::string_view libpq_message);

// The server's message on one line, without its "ERROR:" prefix.
std::string server_message(const pqxx::sql_error& error);

// The error's SQLSTATE; where libpqxx 6.4 leaves it empty, derived from the exception class.
std::string effective_sqlstate(const pqxx::sql_error& error);

// The hint for a SQLSTATE; exposed for unit tests.
std::string
sqlstate_hint(std::string_view sqlstate);

} // namespace rwdoctor::db
