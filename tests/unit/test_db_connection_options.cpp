#include "core/error.hpp"
#include "db/connection_options.hpp"
#include "db/sql_errors.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor;
using namespace rwdoctor::db;

TEST_CASE("a plain -d value is a database name", "[connection]")
{
  ConnectionOptions options;
  options.dbname = "metadata";
  const auto conninfo = build_conninfo(options);
  CHECK(conninfo.find("dbname='metadata'") != std::string::npos);
  CHECK(conninfo.find("application_name='rwdoctor'") != std::string::npos);
}

TEST_CASE("a URI is expanded and -h/-p/-U override it", "[connection]")
{
  ConnectionOptions options;
  options.dbname = "postgres://rw:s3cret@db1:5433/metadata?sslmode=disable";
  options.host = "db2";
  const auto conninfo = build_conninfo(options);
  CHECK(conninfo.find("host='db2'") != std::string::npos);
  CHECK(conninfo.find("port='5433'") != std::string::npos);
  CHECK(conninfo.find("sslmode='disable'") != std::string::npos);
  CHECK(conninfo.find("password='s3cret'") != std::string::npos); // handed to libpq only
  const auto description = describe_target(options);
  CHECK(description == "database \"metadata\" on host \"db2\" port 5433 as user \"rw\"");
  CHECK(description.find("s3cret") == std::string::npos);
}

TEST_CASE("conninfo values with quotes and backslashes are escaped", "[connection]")
{
  ConnectionOptions options;
  options.dbname = "dbname='it\\'s' user=x";
  options.user = "o'brien\\x";
  const auto conninfo = build_conninfo(options);
  CHECK(conninfo.find("user='o\\'brien\\\\x'") != std::string::npos);
  CHECK(conninfo.find("dbname='it\\'s'") != std::string::npos);
}

TEST_CASE("a malformed conninfo is a usage error that does not echo it", "[connection]")
{
  ConnectionOptions options;
  options.dbname = "host=db password='sekret";
  try {
    build_conninfo(options);
    FAIL("accepted");
  } catch (const UsageError& error) {
    CHECK(std::string(error.what()).find("sekret") == std::string::npos);
    CHECK(error.exit_code() == ExitCode::usage);
  }
}

TEST_CASE("connection failures get an actionable hint", "[connection]")
{
  CHECK(connect_hint("FATAL:  password authentication failed for user \"x\"").find("password") != std::string::npos);
  CHECK(connect_hint("FATAL:  database \"nope\" does not exist").find("database name") != std::string::npos);
  CHECK(connect_hint("connection refused").find("running") != std::string::npos);
  CHECK(sqlstate_hint("42501").find("SELECT") != std::string::npos);
  CHECK(sqlstate_hint("57014").find("--statement-timeout") != std::string::npos);
}
