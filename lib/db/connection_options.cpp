#include "db/connection_options.hpp"

#include "core/error.hpp"
#include "util/text.hpp"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <map>
#include <memory>

namespace rwdoctor::db {

namespace {

bool
looks_like_conninfo(const std::string& dbname)
{
  return dbname.find('=') != std::string::npos || util::starts_with(dbname, "postgres://")
         || util::starts_with(dbname, "postgresql://");
}

// libpq's own parser, so URIs and key=value strings mean exactly what they mean to psql.
std::map<std::string, std::string>
parse_conninfo(const std::string& text)
{
  char* error = nullptr;
  std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> options(PQconninfoParse(text.c_str(), &error),
                                                                      &PQconninfoFree);
  if (!options) {
    std::string reason = error != nullptr ? util::first_line(error) : "out of memory";
    PQfreemem(error);
    // The text may hold a password, so it is never echoed back.
    throw UsageError(fmt::format("invalid connection string given with -d/--dbname: {}", reason),
                     "Use a database name, a conninfo string like \"host=... dbname=...\" or a "
                     "postgres://user@host:port/dbname URI.");
  }
  std::map<std::string, std::string> values;
  for (auto* option = options.get(); option->keyword != nullptr; ++option) {
    if (option->val != nullptr) {
      values[option->keyword] = option->val;
    }
  }
  return values;
}

std::string
quote_conninfo_value(const std::string& value)
{
  std::string quoted = "'";
  for (const char c : value) {
    if (c == '\'' || c == '\\') {
      quoted += '\\';
    }
    quoted += c;
  }
  quoted += '\'';
  return quoted;
}

std::map<std::string, std::string>
effective_values(const ConnectionOptions& options)
{
  std::map<std::string, std::string> values;
  if (looks_like_conninfo(options.dbname)) {
    values = parse_conninfo(options.dbname);
  } else if (!options.dbname.empty()) {
    values["dbname"] = options.dbname;
  }
  if (!options.host.empty()) {
    values["host"] = options.host;
  }
  if (!options.port.empty()) {
    values["port"] = options.port;
  }
  if (!options.user.empty()) {
    values["user"] = options.user;
  }
  return values;
}

} // namespace

std::string
build_conninfo(const ConnectionOptions& options)
{
  auto values = effective_values(options);
  values["application_name"] = "rwdoctor";
  values["client_encoding"] = "UTF8";
  if (!options.password.empty()) {
    values["password"] = options.password;
  }
  std::string conninfo;
  for (const auto& [key, value] : values) {
    conninfo += fmt::format("{}{}={}", conninfo.empty() ? "" : " ", key, quote_conninfo_value(value));
  }
  return conninfo;
}

ConnectionOptions
public_connection(const ConnectionOptions& options)
{
  const auto values = effective_values(options);
  const auto value = [&](const char* key) {
    const auto found = values.find(key);
    return found != values.end() ? found->second : std::string();
  };
  auto plain = options;
  plain.dbname = value("dbname");
  plain.host = value("host");
  plain.port = value("port");
  plain.user = value("user");
  return plain;
}

std::string
describe_target(const ConnectionOptions& options)
{
  const auto values = effective_values(options);
  const auto pick = [&](const char* key, const char* env) -> std::string {
    const auto found = values.find(key);
    if (found != values.end()) {
      return found->second;
    }
    const char* from_env = std::getenv(env);
    return from_env != nullptr ? from_env : "";
  };
  const auto dbname = pick("dbname", "PGDATABASE");
  const auto host = pick("host", "PGHOST");
  const auto port = pick("port", "PGPORT");
  const auto user = pick("user", "PGUSER");
  std::string text = dbname.empty() ? "the default database" : fmt::format("database \"{}\"", dbname);
  if (!host.empty()) {
    text += fmt::format(" on host \"{}\"", host);
  }
  if (!port.empty()) {
    text += fmt::format(" port {}", port);
  }
  if (!user.empty()) {
    text += fmt::format(" as user \"{}\"", user);
  }
  return text;
}

} // namespace rwdoctor::db
