// Hostile and bad input, end to end through the command line: odd object names, injection
// attempts in flags, passwords in connection strings, damaged plan and undo files, unusable
// backups, a store of a future RisingWave, a read-only role, timeouts and malformed flags.
// One table of cases, one loop: every case asserts the exact exit code, a message, the
// shape of stderr (one error line plus one HINT line, no crash) and, where the command could
// have written, that the meta tables are byte-identical afterwards.
#include "check_helpers.hpp"
#include "cli_runner.hpp"
#include "process_runner.hpp"
#include "repair_test_support.hpp"
#include "scratch_database.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <unistd.h>

using namespace rwdoctor;
using test::contains;
using test::run_cli;
using TempDir = test::TemporaryDirectory;

namespace {

// Never a real password: every role used here authenticates without one (trust), so libpq
// ignores it; it only has to never show up anywhere rwdoctor writes.
const std::string secret = "Hostile-S3cret-pw";

// Breaks job 24 (leaf MV "Top Customers", fragment 8) but keeps its table rows, so the
// finding still carries the object's name.
const std::string break_24_keep_rows = "SET session_replication_role = replica; DELETE FROM fragment WHERE job_id = 24; "
                                       "SET session_replication_role = origin;";
// Breaks job 24 the plain way: the fragment delete cascades its table rows away.
const std::string break_24 = "DELETE FROM fragment WHERE job_id = 24;";

const std::string hostile_name = "Bestellungen–Übersicht 📦 \"q\" \\ ; x'); DELETE FROM object; --\nnl";

std::string
long_name()
{
  std::string name;
  for (int i = 0; i < 500; ++i) {
    name += "Ü\""; // 1000 characters, a quote in every other one
  }
  return name;
}

// What `name` looks like as one part of a qualified name (SQL double-quote quoting).
std::string
quoted(const std::string& name)
{
  std::string text = "\"";
  for (const char c : name) {
    text += c;
    if (c == '"') {
      text += '"';
    }
  }
  return text + "\"";
}

std::string
rename_24(const std::string& name)
{
  return fmt::format("UPDATE \"table\" SET name = $n${}$n$ WHERE table_id = 24; ", name);
}

std::string
audit_arguments(const std::string& dbname)
{
  pqxx::connection connection(fmt::format("dbname={}", dbname));
  pqxx::nontransaction tx(connection);
  std::string all;
  for (const auto& row : tx.exec("SELECT arguments FROM rwdoctor.repair_log")) {
    all += row[0].as<std::string>() + "\n";
  }
  return all;
}

// Waits until the server has let go of every earlier connection to `dbname` (a closed libpq
// connection's backend may linger for a moment), so the online gate of a repair sees none.
void
wait_for_idle(const std::string& dbname)
{
  pqxx::connection connection("dbname=postgres");
  for (int attempt = 0; attempt < 100; ++attempt) {
    pqxx::nontransaction tx(connection);
    const auto sessions = tx.exec_params1("SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
                                          dbname)[0]
                            .as<int>();
    if (sessions == 0) {
      return;
    }
    tx.commit();
    usleep(50 * 1000);
  }
}

std::string
pg_user()
{
  const char* user = std::getenv("PGUSER");
  return user != nullptr && *user != '\0' ? user : "postgres";
}

// What a case works on; placeholders in a case's arguments refer to it.
struct Env
{
  std::unique_ptr<test::ScratchDatabase> db;    // {db}
  std::unique_ptr<test::ScratchDatabase> other; // {other}
  TempDir dir;                                  // {dir}
  std::string role;                             // {role}

  Env() = default;
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;
  ~Env()
  {
    if (!role.empty() && db) {
      try {
        db->execute(fmt::format("DROP OWNED BY {0}; DROP ROLE {0};", role));
      } catch (const std::exception&) {
      }
    }
  }
};

std::string
expand(std::string text, const Env& env)
{
  const std::vector<std::pair<std::string, std::string>> values = {
    {"{db}", env.db ? env.db->name() : "rwdoctor_hostile_no_such_db"},
    {"{other}", env.other ? env.other->name() : "rwdoctor_hostile_no_such_db"},
    {"{dir}", env.dir.path()},
    {"{role}", env.role},
    {"{user}", pg_user()},
    {"{secret}", secret},
  };
  for (const auto& [key, value] : values) {
    for (auto at = text.find(key); at != std::string::npos; at = text.find(key, at + value.size())) {
      text.replace(at, key.size(), value);
    }
  }
  return text;
}

// Runs rwdoctor with `args` (placeholders expanded) and expects `code`.
test::CliResult
run_expanded(const Env& env, const std::vector<std::string>& args)
{
  std::vector<std::string> expanded;
  for (const auto& arg : args) {
    expanded.push_back(expand(arg, env));
  }
  return run_cli(expanded);
}

void
require_code(const test::CliResult& result, int code)
{
  INFO(result.out << result.err);
  REQUIRE(result.code == code);
}

// Helpers that prepare files for a case.
void
make_plan(Env& env)
{
  require_code(run_expanded(env, {"repair", "drop", "-d", "{db}", "--job", "24", "--dry-run", "--plan-out", "{dir}/plan.json"}),
               4);
}

// Drops job 24 in `database` and leaves the undo file at `path`.
void
make_undo(const std::string& database, const std::string& path)
{
  wait_for_idle(database);
  require_code(run_cli({"repair", "drop", "-d", database, "--job", "24", "--yes", "--undo-file", path}), 1);
}

std::string
flip_one_byte(std::string text, const std::string& near)
{
  const auto at = text.find(near);
  REQUIRE(at != std::string::npos);
  const auto digit = at + near.size();
  text[digit] = text[digit] == '4' ? '5' : '4';
  return text;
}

std::string
with_format_version(std::string text, int version)
{
  const std::string key = "\"format_version\": ";
  const auto at = text.find(key);
  REQUIRE(at != std::string::npos);
  const auto digits = text.find_first_not_of("0123456789", at + key.size());
  text.replace(at, digits - at, fmt::format("\"format_version\": {}", version));
  return text;
}

const nlohmann::json*
finding_for(const nlohmann::json& document, const std::string& check, int job_id)
{
  for (const auto& finding : document["findings"]) {
    if (finding["check"] == check && finding["job_id"] == job_id) {
      return &finding;
    }
  }
  return nullptr;
}

// Parses a check JSON document and expects job 24's seed finding to carry `name` exactly.
void
expect_json_name(const test::CliResult& result, const std::string& name)
{
  const auto document = nlohmann::json::parse(result.out);
  const auto* finding = finding_for(document, "job-without-fragments", 24);
  REQUIRE(finding != nullptr);
  CHECK((*finding)["name"] == name);
}

// A plan (dry run, JSON) that removes exactly objects 24 and 25, 24 under `name`.
void
expect_plan_24(const test::CliResult& result, const std::string& name)
{
  const auto plan = nlohmann::json::parse(result.out);
  std::vector<int> oids;
  for (const auto& object : plan["objects"]) {
    oids.push_back(object["oid"].get<int>());
    if (object["oid"] == 24) {
      CHECK(object["name"] == name);
    }
  }
  CHECK(oids == std::vector<int>{24, 25});
}

// Objects 24 and 25 are gone, every other demo object is still there, and the store checks clean.
void
expect_dropped_24(const Env& env)
{
  CHECK(test::count(env.db->name(), "SELECT count(*) FROM object WHERE oid IN (24, 25)") == 0);
  CHECK(test::count(env.db->name(), "SELECT count(*) FROM object WHERE oid BETWEEN 6 AND 40 AND oid NOT IN (24, 25)") == 33);
  const auto report = test::check_database(env.db->name());
  INFO(test::describe(report));
  CHECK(checks::verdict(report) == ExitCode::clean);
}

void
expect_no_secret(const test::CliResult& result)
{
  CHECK_FALSE(contains(result.out, secret));
  CHECK_FALSE(contains(result.err, secret));
}

std::vector<std::string>
lines_of(const std::string& text)
{
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

bool
starts_with(const std::string& text, const std::string& prefix)
{
  return text.compare(0, prefix.size(), prefix) == 0;
}

// Errors (8, 16, 32) are one `rwdoctor: error:` line and one `HINT:` line (after any
// warnings); successes carry no error. Never a crash, an uncaught exception or an internal error.
void
check_stderr_shape(const test::CliResult& result)
{
  INFO("stderr: " << result.err);
  for (const auto* crash : {"terminate called", "what():", "Aborted", "Segmentation", "internal error", "This is a bug"}) {
    CHECK_FALSE(contains(result.err, crash));
  }
  std::vector<std::string> lines;
  for (const auto& line : lines_of(result.err)) {
    if (!starts_with(line, "rwdoctor: warning: ")) {
      lines.push_back(line);
    }
  }
  if (result.code == 8 || result.code == 16 || result.code == 32) {
    REQUIRE(lines.size() == 2);
    CHECK(starts_with(lines[0], "rwdoctor: error: "));
    CHECK(starts_with(lines[1], "HINT: "));
    CHECK(lines[1].size() > 10);
    CHECK(result.err.back() == '\n');
  } else {
    CHECK_FALSE(contains(result.err, "rwdoctor: error:"));
  }
}

struct HostileCase
{
  std::string name;
  std::string generation; // the demo store copied for {db}; "" for none
  std::string setup;      // SQL run on {db} first
  std::function<void(Env&)> prepare;
  std::vector<std::string> args;
  int code;
  std::string out_part; // expected on stdout ("" for no expectation)
  std::string err_part; // expected on stderr ("" for no expectation)
  bool unchanged;       // the meta tables of {db} must be byte-identical afterwards
  std::function<void(const Env&, const test::CliResult&)> verify;
};

std::vector<HostileCase>
hostile_cases()
{
  const std::string long_qualified = "dev.public." + quoted(long_name());
  const std::string hostile_qualified = "dev.public." + quoted(hostile_name);
  // Text output shows control characters escaped, so a name cannot break a line.
  std::string hostile_printed = hostile_qualified;
  hostile_printed.replace(hostile_printed.find('\n'), 1, "\\x0a");
  const std::string hostile_schema = "we\"ird; DROP TABLE object; --\\ Schä 📦";
  const std::string schema_qualified = "dev." + quoted(hostile_schema) + "." + quoted("Top Customers");
  const std::string rename_schema =
    fmt::format("UPDATE schema SET name = $n${}$n$ WHERE schema_id = 6; UPDATE object SET schema_id = 6 WHERE oid IN (24, 25); ",
                hostile_schema);
  const auto plan_file = [](const std::function<std::string(const std::string&)>& change) {
    return [change](Env& env) {
      make_plan(env);
      test::write_text_file(env.dir.file("bad.json"), change(test::read_text_file(env.dir.file("plan.json"))));
    };
  };
  // Job 24 dropped from {db}, its undo file changed by `change` into bad.json.
  const auto undo_file = [](const std::function<std::string(const std::string&)>& change) {
    return [change](Env& env) {
      make_undo(env.db->name(), env.dir.file("undo.json"));
      test::write_text_file(env.dir.file("bad.json"), change(test::read_text_file(env.dir.file("undo.json"))));
    };
  };
  const auto truncate = [](const std::string& text) { return text.substr(0, text.size() / 2); };
  const std::string plan_hint = "Use the plan file exactly as rwdoctor wrote it";
  const std::string undo_hint = "Use the undo file exactly as rwdoctor wrote it";

  std::vector<HostileCase> cases = {
    // --- object and schema names -------------------------------------------------------
    {"quotes, backslash, semicolon, newline and unicode in a name: check JSON", "head", rename_24(hostile_name) + break_24_keep_rows,
     {}, {"check", "-d", "{db}", "--format", "json"}, 4, "\"job-without-fragments\"", "", true,
     [hostile_qualified](const Env&, const test::CliResult& r) { expect_json_name(r, hostile_qualified); }},
    {"quotes, backslash, semicolon, newline and unicode in a name: check text", "v2_8", rename_24(hostile_name) + break_24_keep_rows,
     {}, {"check", "-d", "{db}"}, 4, hostile_printed, "", true, {}},
    {"hostile name: repair drop --dry-run JSON plans exactly 24 and 25", "v3_0_3", rename_24(hostile_name) + break_24_keep_rows,
     {}, {"repair", "drop", "-d", "{db}", "--job", "24", "--dry-run", "--format", "json"}, 4, "", "", true,
     [hostile_qualified](const Env&, const test::CliResult& r) { expect_plan_24(r, hostile_qualified); }},
    {"hostile name: repair drop --dry-run text", "head", rename_24(hostile_name) + break_24_keep_rows, {},
     {"repair", "drop", "-d", "{db}", "--job", "24", "--dry-run"}, 4, "DELETE FROM object WHERE oid IN (24, 25);", "", true,
     [hostile_printed](const Env&, const test::CliResult& r) { CHECK(contains(r.out, hostile_printed)); }},
    {"hostile name: repair drop --yes drops exactly 24 and 25", "v2_4", rename_24(hostile_name) + break_24_keep_rows, {},
     {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--undo-file", "{dir}/undo.json"}, 1, "undo file: ", "", false,
     [](const Env& env, const test::CliResult&) { expect_dropped_24(env); }},
    {"a 1000-character name: check JSON", "v3_0_3", rename_24(long_name()) + break_24_keep_rows, {},
     {"check", "-d", "{db}", "--format", "json"}, 4, "", "", true,
     [long_qualified](const Env&, const test::CliResult& r) { expect_json_name(r, long_qualified); }},
    {"a 1000-character name: repair drop --yes", "head", rename_24(long_name()) + break_24_keep_rows, {},
     {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--undo-file", "{dir}/undo.json", "--format", "json"}, 1, "", "",
     false,
     [long_qualified](const Env& env, const test::CliResult& r) {
       expect_plan_24(r, long_qualified);
       expect_dropped_24(env);
     }},
    {"a hostile schema name: check JSON", "head", rename_schema + break_24_keep_rows, {},
     {"check", "-d", "{db}", "--format", "json"}, 4, "", "", true,
     [schema_qualified](const Env&, const test::CliResult& r) { expect_json_name(r, schema_qualified); }},
    {"a hostile schema name: repair drop --yes", "v3_0_3", rename_schema + break_24_keep_rows, {},
     {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--undo-file", "{dir}/undo.json"}, 1, schema_qualified, "", false,
     [](const Env& env, const test::CliResult&) { expect_dropped_24(env); }},

    // --- injection attempts in flags -------------------------------------------------------
    {"--schema with a statement appended", "head", break_24, {}, {"check", "-d", "{db}", "--schema", "public; DROP TABLE object; --"},
     8, "", "schema \"public; DROP TABLE object; --\" does not exist", true, {}},
    {"--schema that is a lone double quote", "head", break_24, {},
     {"repair", "drop", "-d", "{db}", "--schema", "\"", "--job", "24", "--yes", "--undo-file", "{dir}/undo.json"}, 8, "",
     "does not exist in database", true, {}},
    {"--schema with a quoted tautology", "v2_8", break_24, {},
     {"repair", "drop", "-d", "{db}", "--schema", "x' OR '1'='1", "--job", "24", "--dry-run"}, 8, "",
     "schema \"x' OR '1'='1\" does not exist", true, {}},
    {"--job with a statement appended", "head", break_24, {},
     {"repair", "drop", "-d", "{db}", "--job", "24; DELETE FROM object", "--yes", "--undo-file", "{dir}/undo.json"}, 16, "",
     "--job takes a job id (a positive integer)", true, {}},
    {"--job with a tautology", "head", break_24, {}, {"check", "-d", "{db}", "--job", "24 OR 1=1"}, 16, "",
     "--job takes a job id (a positive integer)", true, {}},
    {"--job -1", "head", break_24, {}, {"repair", "drop", "-d", "{db}", "--job", "-1", "--yes"}, 16, "", "not '-1'", true, {}},
    {"--job 0", "head", break_24, {}, {"repair", "drop", "-d", "{db}", "--job", "0", "--dry-run"}, 16, "", "not '0'", true, {}},
    {"--job beyond 32 bits", "head", break_24, {}, {"check", "-d", "{db}", "--job", "99999999999"}, 16, "", "not '99999999999'",
     true, {}},
    {"--database with quotes", "head", break_24, {}, {"check", "-d", "{db}", "--database", "dev\" OR \"1\"='1"}, 16, "",
     "does not exist in the meta store", true, {}},

    // --- passwords in connection strings ----------------------------------------------------
    {"a password in a URI that cannot connect", "", "", {},
     {"check", "-d", "postgresql://rw:{secret}@127.0.0.1:1/metadata"}, 8, "", "cannot connect", false,
     [](const Env&, const test::CliResult& r) { expect_no_secret(r); }},
    {"a password in a conninfo naming a missing database", "", "", {},
     {"repair", "drop", "-d", "dbname=rwdoctor_hostile_no_such_db password={secret}", "--job", "24", "--yes"}, 8, "",
     "cannot connect", false, [](const Env&, const test::CliResult& r) { expect_no_secret(r); }},
    {"a password in a conninfo that works: check", "head", break_24, {}, {"check", "-d", "dbname={db} password={secret}"}, 4,
     "INCIDENT 1 of 1", "", true, [](const Env&, const test::CliResult& r) { expect_no_secret(r); }},
    {"a password in a URI that works: repair, plan, undo file and audit row", "head", break_24, {},
     {"repair", "drop", "-d", "postgresql://{user}:{secret}@/{db}", "--job", "24", "--yes", "--undo-file", "{dir}/undo.json",
      "--plan-out", "{dir}/plan.json"},
     1, "undo file: ", "", false,
     [](const Env& env, const test::CliResult& r) {
       expect_no_secret(r);
       const auto undo = test::read_text_file(env.dir.file("undo.json"));
       const auto plan = test::read_text_file(env.dir.file("plan.json"));
       CHECK_FALSE(undo.empty());
       CHECK_FALSE(plan.empty());
       CHECK_FALSE(contains(undo, secret));
       CHECK_FALSE(contains(plan, secret));
       const auto audit = audit_arguments(env.db->name());
       CHECK_FALSE(audit.empty());
       CHECK_FALSE(contains(audit, secret));
     }},
    {"a password in the backup's conninfo of a restore", "head", break_24, {},
     {"repair", "restore", "-d", "{db}", "--job", "24", "--from", "dbname=rwdoctor_hostile_no_such_db password={secret}", "--yes"},
     8, "", "cannot connect", true, [](const Env&, const test::CliResult& r) { expect_no_secret(r); }},

    // --- plan files ----------------------------------------------------------------------------
    {"a plan file with one byte changed", "head", break_24,
     plan_file([](const std::string& text) { return flip_one_byte(text, "\"oid\": 2"); }), {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"},
     32, "", "does not match its checksum", true, {}},
    {"a truncated plan file", "head", break_24, plan_file(truncate), {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "",
     "is not a complete JSON document", true,
     [plan_hint](const Env&, const test::CliResult& r) { CHECK(contains(r.err, plan_hint)); }},
    {"an empty plan file", "head", break_24, plan_file([](const std::string&) { return std::string(); }),
     {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "", "is not a complete JSON document", true, {}},
    {"a plan file that is not JSON", "head", break_24, plan_file([](const std::string&) { return std::string("DELETE FROM object;\n"); }),
     {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "", "is not a complete JSON document", true, {}},
    {"a plan file of another format", "head", break_24,
     plan_file([](const std::string&) { return std::string("{\"format\": \"something-else\", \"format_version\": 1}\n"); }),
     {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "", "is not an rwdoctor plan file", true, {}},
    {"a plan file of a future format_version", "head", break_24,
     plan_file([](const std::string& text) { return with_format_version(text, 2); }), {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"},
     32, "", "has format_version 2, this rwdoctor reads version 1", true, {}},
    {"a plan file given to undo", "head", break_24, make_plan, {"undo", "{dir}/plan.json", "--yes", "-d", "{db}"}, 32, "",
     "is not an rwdoctor undo file", true, {}},
    {"a plan file that does not exist", "head", break_24, {}, {"apply", "{dir}/missing.json", "--yes", "-d", "{db}"}, 8, "",
     "cannot read", true, {}},
    {"a plan file made for another database", "head", break_24,
     [](Env& env) {
       env.other = std::unique_ptr<test::ScratchDatabase>(new test::ScratchDatabase(test::ScratchDatabase::copy_of(*env.db)));
       require_code(run_expanded(env, {"repair", "drop", "-d", "{other}", "--job", "24", "--dry-run", "--plan-out", "{dir}/plan.json"}),
                    4);
     },
     {"apply", "{dir}/plan.json", "--yes", "-d", "{db}"}, 32, "", "", true, {}},

    // --- undo files ------------------------------------------------------------------------
    {"an undo file with one byte changed", "head", break_24,
     undo_file([](const std::string& text) { return flip_one_byte(text, "\"2026-03-1"); }), {"undo", "{dir}/bad.json", "--yes", "-d", "{db}"},
     32, "", "does not match its checksum", true, {}},
    {"a truncated undo file", "v2_8", break_24, undo_file(truncate), {"undo", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "",
     "is not a complete JSON document", true,
     [undo_hint](const Env&, const test::CliResult& r) { CHECK(contains(r.err, undo_hint)); }},
    {"an undo file of a future format_version", "head", break_24,
     undo_file([](const std::string& text) { return with_format_version(text, 7); }), {"undo", "{dir}/bad.json", "--yes", "-d", "{db}"},
     32, "", "has format_version 7", true, {}},
    {"an undo file given to apply", "head", break_24, undo_file([](const std::string& text) { return text; }),
     {"apply", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "", "is not an rwdoctor plan file", true, {}},
    {"an undo file that does not exist", "head", break_24, {}, {"undo", "{dir}/missing.json", "--yes", "-d", "{db}"}, 8, "",
     "cannot read", true, {}},
    {"an undo file of a v2_4 store applied to a head store", "head", break_24,
     [](Env& env) {
       env.other = std::make_unique<test::ScratchDatabase>("v2_4");
       env.other->execute(break_24);
       make_undo(env.other->name(), env.dir.file("undo.json"));
       make_undo(env.db->name(), env.dir.file("own-undo.json"));
     },
     {"undo", "{dir}/undo.json", "--yes", "-d", "{db}"}, 32, "", "undoes a repair of database", true, {}},
    {"a directory given as the undo file", "head", break_24, {}, {"undo", "{dir}", "--yes", "-d", "{db}"}, 8, "",
     "Is a directory", true, {}},
    {"an undo file whose format_version is a string", "head", break_24,
     undo_file([](const std::string& text) {
       auto changed = text;
       changed.replace(changed.find("\"format_version\": 2"), 19, "\"format_version\": \"2\"");
       return changed;
     }),
     {"undo", "{dir}/bad.json", "--yes", "-d", "{db}"}, 32, "", "has format_version \"2\"", true, {}},
    {"an undo file of a head store applied to a v2_4 store", "v2_4", break_24,
     [](Env& env) {
       env.other = std::make_unique<test::ScratchDatabase>("head");
       env.other->execute(break_24);
       make_undo(env.other->name(), env.dir.file("undo.json"));
       // the v2_4 store lost the same job, so only the layout tells the files apart
       make_undo(env.db->name(), env.dir.file("own-undo.json"));
     },
     {"undo", "{dir}/undo.json", "--yes", "-d", "{db}"}, 32, "", "undoes a repair of database", true, {}},

    // --- backups -------------------------------------------------------------------------
    {"a backup that is not a meta store", "head", break_24,
     [](Env& env) { env.other = std::make_unique<test::ScratchDatabase>(); },
     {"repair", "restore", "-d", "{db}", "--job", "24", "--from", "{other}", "--yes", "--undo-file", "{dir}/undo.json"}, 32, "",
     "is not a RisingWave meta store", true, {}},
    {"a backup that does not exist", "head", break_24, {},
     {"repair", "restore", "-d", "{db}", "--job", "24", "--from", "rwdoctor_hostile_no_such_db", "--yes", "--undo-file",
      "{dir}/undo.json"},
     8, "", "rwdoctor_hostile_no_such_db", true, {}},
    {"a backup of another generation", "head", break_24, [](Env& env) { env.other = std::make_unique<test::ScratchDatabase>("v2_4"); },
     {"repair", "restore", "-d", "{db}", "--job", "24", "--from", "{other}", "--yes", "--undo-file", "{dir}/undo.json"}, 32, "",
     "the backup is RisingWave", true, {}},

    // --- a store written by a future RisingWave ---------------------------------------------
    {"a future migration: check still reads", "v3_0_3",
     "INSERT INTO seaql_migrations VALUES ('m20990101_000000_future', 1); " + break_24, {}, {"check", "-d", "{db}", "--format", "json"},
     4, "", "rwdoctor: warning: ", true,
     [](const Env&, const test::CliResult& r) {
       const auto document = nlohmann::json::parse(r.out);
       CHECK(document["meta_store"]["unknown_migrations"] == nlohmann::json::array({"m20990101_000000_future"}));
       CHECK(finding_for(document, "job-without-fragments", 24) != nullptr);
     }},
    {"a future migration: repair drop refuses", "head", "INSERT INTO seaql_migrations VALUES ('m20990101_000000_future', 1); " + break_24,
     {}, {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--undo-file", "{dir}/undo.json"}, 32, "",
     "migration(s) this rwdoctor does not know", true,
     [](const Env& env, const test::CliResult&) { CHECK_FALSE(test::file_exists(env.dir.file("undo.json"))); }},

    // --- a read-only role ----------------------------------------------------------------
    {"a read-only role: check works", "head", break_24,
     [](Env& env) {
       env.role = fmt::format("rwdoctor_hostile_ro_{}", getpid());
       env.db->execute(fmt::format("CREATE ROLE {0} LOGIN; GRANT USAGE ON SCHEMA public TO {0}; "
                                   "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0};",
                                   env.role));
     },
     {"check", "-d", "dbname={db} user={role}"}, 4, "job-without-fragments", "", true, {}},
    {"a read-only role: repair drop refuses", "head", break_24,
     [](Env& env) {
       env.role = fmt::format("rwdoctor_hostile_ro_{}", getpid());
       env.db->execute(fmt::format("CREATE ROLE {0} LOGIN; GRANT USAGE ON SCHEMA public TO {0}; "
                                   "GRANT SELECT ON ALL TABLES IN SCHEMA public TO {0};",
                                   env.role));
     },
     {"repair", "drop", "-d", "dbname={db} user={role} password={secret}", "--job", "24", "--yes", "--allow-online", "--undo-file",
      "{dir}/undo.json"},
     32, "", "this role may not change the meta store's tables", true,
     [](const Env& env, const test::CliResult& r) {
       expect_no_secret(r);
       CHECK_FALSE(test::file_exists(env.dir.file("undo.json")));
     }},

    // --- timeouts ----------------------------------------------------------------------------
    {"--statement-timeout 1 on check", "head", break_24, {}, {"check", "-d", "{db}", "--statement-timeout", "1"}, 8, "",
     "--statement-timeout", true, {}},
    {"--statement-timeout 1 on repair drop", "head", break_24, {},
     {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--statement-timeout", "1", "--undo-file", "{dir}/undo.json"}, 8, "",
     "--statement-timeout", true, {}},

    // --- malformed commands and flags -------------------------------------------------------
    {"an unknown command", "", "", {}, {"frobnicate"}, 16, "", "unknown command 'frobnicate'", false, {}},
    {"an unknown flag", "head", break_24, {}, {"check", "-d", "{db}", "--frobnicate"}, 16, "", "unrecognised option '--frobnicate'",
     true, {}},
    {"a flag without its value", "", "", {}, {"check", "-d"}, 16, "", "the required argument for option '--dbname' is missing", false,
     {}},
    {"--format yaml", "head", break_24, {}, {"check", "-d", "{db}", "--format", "yaml"}, 16, "", "unknown format 'yaml'", true, {}},
    {"--lock-timeout abc", "head", break_24, {}, {"check", "-d", "{db}", "--lock-timeout", "abc"}, 16, "", "not 'abc'", true, {}},
    {"--lease-secs -1", "head", break_24, {}, {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--lease-secs", "-1"}, 16, "",
     "--lease-secs takes a positive number", true, {}},
    {"--max-objects 0", "head", break_24, {}, {"repair", "drop", "-d", "{db}", "--job", "24", "--yes", "--max-objects", "0"}, 16, "",
     "--max-objects takes a positive number", true, {}},
    {"--dry-run with --yes", "head", break_24, {}, {"repair", "drop", "-d", "{db}", "--job", "24", "--dry-run", "--yes"}, 16, "",
     "--dry-run and --yes exclude each other", true, {}},
    {"a repair off a terminal without --dry-run or --yes", "head", break_24, {}, {"repair", "drop", "-d", "{db}", "--job", "24"}, 16, "",
     "", true, {}},
  };
  return cases;
}

} // namespace

TEST_CASE("hostile and bad input is handled with the right exit code and changes nothing", "[db][hostile]")
{
  const auto cases = hostile_cases();
  CHECK(cases.size() >= 30);
  for (const auto& hostile : cases) {
    DYNAMIC_SECTION(hostile.name)
    {
      Env env;
      if (!hostile.generation.empty()) {
        env.db = std::make_unique<test::ScratchDatabase>(hostile.generation);
        if (!hostile.setup.empty()) {
          env.db->execute(hostile.setup);
        }
      }
      if (hostile.prepare) {
        hostile.prepare(env);
      }
      const auto before = env.db ? test::dump_meta_tables(env.db->name()) : std::string();
      for (const auto* database : {env.db.get(), env.other.get()}) {
        if (database != nullptr) {
          wait_for_idle(database->name());
        }
      }
      const auto result = run_expanded(env, hostile.args);
      INFO("stdout: " << result.out);
      INFO("stderr: " << result.err);
      CHECK(result.code == hostile.code);
      if (!hostile.out_part.empty()) {
        CHECK(contains(result.out, hostile.out_part));
      }
      if (!hostile.err_part.empty()) {
        CHECK(contains(result.err, hostile.err_part));
      }
      check_stderr_shape(result);
      if (hostile.unchanged) {
        REQUIRE(env.db);
        CHECK(test::dump_meta_tables(env.db->name()) == before);
      }
      if (hostile.verify) {
        hostile.verify(env, result);
      }
    }
  }
}
