#include "sql/embedded_sql.hpp"
#include "store/expected_columns.hpp"
#include "store/generation.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

using namespace rwdoctor;
using namespace rwdoctor::store;

namespace {

using ColumnKey = std::pair<std::string, std::string>; // table, column

// What a transcription in sql/schema/ says: its columns as "type" or "type NOT NULL" in
// format_type spelling, its seaql_migrations rows, and every line the parser did not understand.
struct Transcription
{
  std::map<ColumnKey, std::string> columns;
  std::vector<std::string> migrations;
  std::vector<std::string> errors;
};

std::vector<std::string>
words(const std::string& text)
{
  std::istringstream stream(text);
  std::vector<std::string> result;
  for (std::string word; stream >> word;) {
    result.push_back(word);
  }
  return result;
}

// Consumes the type at the front of `tokens` and returns it as format_type prints it, or "".
std::string
take_type(std::vector<std::string>& tokens)
{
  static const std::map<std::string, std::string> simple = {
    {"serial", "integer"},   {"integer", "integer"}, {"bigint", "bigint"}, {"smallint", "smallint"},
    {"bool", "boolean"},     {"boolean", "boolean"}, {"text", "text"},     {"bytea", "bytea"},
    {"jsonb", "jsonb"},      {"json", "json"},       {"uuid", "uuid"},     {"varchar", "character varying"},
  };
  static const std::vector<std::pair<std::vector<std::string>, std::string>> phrases = {
    {{"timestamp", "without", "time", "zone"}, "timestamp without time zone"},
    {{"timestamp", "with", "time", "zone"}, "timestamp with time zone"},
    {{"timestamp"}, "timestamp without time zone"},
    {{"double", "precision"}, "double precision"},
    {{"character", "varying"}, "character varying"},
  };
  static const std::regex sized(R"((?:varchar|varying)\((\d+)\))");
  std::smatch match;
  if (tokens.empty()) {
    return "";
  }
  if (std::regex_match(tokens[0], match, sized)) {
    tokens.erase(tokens.begin());
    return fmt::format("character varying({})", match[1].str());
  }
  if (const auto it = simple.find(tokens[0]); it != simple.end()) {
    tokens.erase(tokens.begin());
    return it->second;
  }
  for (const auto& [phrase, type] : phrases) {
    if (tokens.size() >= phrase.size() && std::equal(phrase.begin(), phrase.end(), tokens.begin())) {
      tokens.erase(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(phrase.size()));
      return type;
    }
  }
  return "";
}

// `definition` is what follows the quoted column name, comment and trailing comma removed.
// Returns "" when a word is neither part of the type nor a known column constraint.
std::string
column_description(const std::string& definition)
{
  auto tokens = words(definition);
  const auto type = take_type(tokens);
  bool not_null = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const auto next = i + 1 < tokens.size() ? tokens[i + 1] : "";
    if ((tokens[i] == "NOT" && next == "NULL") || (tokens[i] == "PRIMARY" && next == "KEY")) {
      not_null = true;
      ++i;
    } else if (tokens[i] == "DEFAULT" && !next.empty()) {
      ++i;
    } else if (tokens[i] != "UNIQUE" && tokens[i] != "NULL") {
      return "";
    }
  }
  return type.empty() ? "" : type + (not_null ? " NOT NULL" : "");
}

std::string
describe(const ExpectedColumn& column)
{
  return std::string(column.type) + (column.not_null ? " NOT NULL" : "");
}

// Applies one migration's `ALTER TABLE "table" <action>;` (one action per statement, as the
// files in sql/migrations/ write them) to the columns read so far; calls `fail` otherwise.
template <typename Fail>
void
alter(Transcription& result, const std::string& table, const std::string& action, const Fail& fail)
{
  static const std::regex add_column(R"re(ADD COLUMN "(\w+)" (.+))re");
  static const std::regex drop_column(R"re(DROP COLUMN "(\w+)")re");
  static const std::regex rename_column(R"re(RENAME COLUMN "(\w+)" TO "(\w+)")re");
  static const std::regex retype_column(R"re(ALTER COLUMN "(\w+)" TYPE (.+))re");
  static const std::regex add_primary_key(R"re(ADD PRIMARY KEY \(([^)]*)\))re");
  static const std::regex other_constraint(R"re((?:ADD|DROP) CONSTRAINT .*)re");
  static const std::regex quoted(R"re("(\w+)")re");
  std::smatch match;
  if (std::regex_match(action, match, add_column)) {
    const auto description = column_description(match[2].str());
    if (description.empty() || !result.columns.emplace(ColumnKey{table, match[1].str()}, description).second) {
      fail();
    }
  } else if (std::regex_match(action, match, drop_column)) {
    if (result.columns.erase(ColumnKey{table, match[1].str()}) != 1) {
      fail();
    }
  } else if (std::regex_match(action, match, rename_column)) {
    const auto found = result.columns.find(ColumnKey{table, match[1].str()});
    if (found == result.columns.end()) {
      fail();
      return;
    }
    const auto description = found->second;
    result.columns.erase(found);
    if (!result.columns.emplace(ColumnKey{table, match[2].str()}, description).second) {
      fail();
    }
  } else if (std::regex_match(action, match, retype_column)) {
    const auto found = result.columns.find(ColumnKey{table, match[1].str()});
    auto tokens = words(match[2].str());
    const auto type = take_type(tokens);
    if (found == result.columns.end() || type.empty() || !tokens.empty()) {
      fail();
      return;
    }
    const bool not_null = found->second.find(" NOT NULL") != std::string::npos;
    found->second = type + (not_null ? " NOT NULL" : "");
  } else if (std::regex_match(action, match, add_primary_key)) {
    const auto names = match[1].str();
    for (std::sregex_iterator it(names.begin(), names.end(), quoted), end; it != end; ++it) {
      const auto found = result.columns.find(ColumnKey{table, (*it)[1].str()});
      if (found == result.columns.end()) {
        fail();
      } else if (found->second.find(" NOT NULL") == std::string::npos) {
        found->second += " NOT NULL";
      }
    }
  } else if (!std::regex_match(action, other_constraint)) {
    fail();
  }
}

Transcription
parse_transcription(std::string_view text)
{
  static const std::regex create_table(R"re(CREATE TABLE (?:IF NOT EXISTS )?"(\w+)" \()re");
  static const std::regex alter_table(R"re(ALTER TABLE "(\w+)" (.*);)re");
  static const std::regex drop_table(R"re(DROP TABLE (?:IF EXISTS )?"(\w+)"(?: CASCADE)?;)re");
  static const std::regex column(R"re("(\w+)" (.+))re");
  static const std::regex primary_key(R"re(PRIMARY KEY \(([^)]*)\))re");
  static const std::regex quoted(R"re("(\w+)")re");
  static const std::regex foreign_or_unique(R"re(CONSTRAINT "\w+" (FOREIGN KEY|UNIQUE) \(.*)re");
  static const std::regex migration_row(R"re(\s*\('(m\d{8}_\d{6}_\w+)', \d+\)([,;]))re");

  Transcription result;
  enum class State { outside, table, migrations } state = State::outside;
  std::string table;
  std::istringstream lines{std::string(text)};
  std::smatch match;
  for (std::string line; std::getline(lines, line);) {
    const auto fail = [&] { result.errors.push_back(fmt::format("cannot parse: {}", line)); };
    if (state == State::outside) {
      if (std::regex_match(line, match, create_table)) {
        table = match[1].str();
        state = State::table;
      } else if (std::regex_match(line, match, alter_table)) {
        alter(result, match[1].str(), match[2].str(), fail);
      } else if (std::regex_match(line, match, drop_table)) {
        const auto name = match[1].str();
        for (auto it = result.columns.begin(); it != result.columns.end();) {
          it = it->first.first == name ? result.columns.erase(it) : std::next(it);
        }
      } else if (line.rfind("ALTER TABLE", 0) == 0 || line.rfind("DROP TABLE", 0) == 0) {
        fail();
      } else if (line.rfind("INSERT INTO \"seaql_migrations\"", 0) == 0) {
        state = State::migrations;
      } else if (line.find("CREATE TABLE") != std::string::npos) {
        fail();
      }
      continue;
    }
    if (state == State::migrations) {
      if (!std::regex_match(line, match, migration_row)) {
        fail();
        state = State::outside;
        continue;
      }
      result.migrations.push_back(match[1].str());
      state = match[2].str() == ";" ? State::outside : State::migrations;
      continue;
    }
    if (line == ");") {
      state = State::outside;
      continue;
    }
    auto body = line.substr(0, line.find("--"));
    body.erase(body.find_last_not_of(" ,") + 1);
    body.erase(0, body.find_first_not_of(' '));
    if (std::regex_match(body, match, column)) {
      const auto description = column_description(match[2].str());
      if (description.empty() || !result.columns.emplace(ColumnKey{table, match[1].str()}, description).second) {
        fail();
      }
    } else if (std::regex_match(body, match, primary_key)) {
      const auto names = match[1].str();
      for (std::sregex_iterator it(names.begin(), names.end(), quoted), end; it != end; ++it) {
        const auto found = result.columns.find(ColumnKey{table, (*it)[1].str()});
        if (found == result.columns.end()) {
          fail();
        } else if (found->second.find(" NOT NULL") == std::string::npos) {
          found->second += " NOT NULL";
        }
      }
    } else if (!std::regex_match(body, foreign_or_unique)) {
      fail();
    }
  }
  if (state != State::outside) {
    result.errors.emplace_back("unterminated statement at the end of the file");
  }
  return result;
}

// The generation of a store that applied the known migrations before `migration`, in apply order.
Generation
before(std::string_view migration)
{
  const auto& known = known_migrations();
  const auto end = std::find(known.begin(), known.end(), migration);
  REQUIRE(end != known.end());
  return detect_generation(std::vector<std::string>(known.begin(), end));
}

// The generation of a store that applied the known migrations up to and including `migration`.
Generation
through(std::string_view migration)
{
  const auto& known = known_migrations();
  const auto end = std::find(known.begin(), known.end(), migration);
  REQUIRE(end != known.end());
  return detect_generation(std::vector<std::string>(known.begin(), end + 1));
}

// The expected column `table`.`column` of `generation`, described as "type [NOT NULL]", or "".
std::string
expected(const Generation& generation, std::string_view table, std::string_view column)
{
  for (const auto& candidate : expected_columns(generation)) {
    if (candidate.table == table && candidate.column == column) {
      return describe(candidate);
    }
  }
  return "";
}

} // namespace

TEST_CASE("expected columns equal each schema transcription", "[store][schema]")
{
  const std::vector<std::pair<std::string, std::string>> files = {
    {"sql/schema/v2_0.sql", "v2.0"},
    {"sql/schema/v2_4.sql", "v2.4.1–v2.4.4"},
    {"sql/schema/v2_8.sql", "v2.8"},
    {"sql/schema/v3_0_3.sql", "v3.0.1–v3.0.3"},
    {"sql/schema/head.sql", "head"},
  };
  for (const auto& [path, label] : files) {
    INFO(path);
    const auto transcription = parse_transcription(sql::embedded_sql(path));
    for (const auto& error : transcription.errors) {
      FAIL_CHECK(error);
    }
    REQUIRE(transcription.errors.empty());
    REQUIRE(transcription.columns.size() > 100);

    const auto generation = detect_generation(transcription.migrations);
    CHECK(generation.label == label);
    CHECK(generation.unknown_migrations.empty());

    std::map<ColumnKey, std::string> columns;
    std::set<std::string> tables;
    for (const auto& column : expected_columns(generation)) {
      const ColumnKey key{std::string(column.table), std::string(column.column)};
      INFO(key.first << "." << key.second << " is expected twice");
      CHECK(columns.emplace(key, describe(column)).second);
      tables.insert(key.first);
    }
    std::set<ColumnKey> keys;
    for (const auto& entry : columns) {
      keys.insert(entry.first);
    }
    for (const auto& entry : transcription.columns) {
      keys.insert(entry.first);
    }
    for (const auto& key : keys) {
      const auto in_data = columns.find(key);
      const auto in_file = transcription.columns.find(key);
      const auto expected_column = in_data == columns.end() ? "(none)" : in_data->second;
      const auto transcribed_column = in_file == transcription.columns.end() ? "(none)" : in_file->second;
      INFO(key.first << "." << key.second);
      CHECK(expected_column == transcribed_column);
    }
    for (const auto& table : expected_tables(generation)) {
      INFO("expected_tables() names " << table);
      CHECK(tables.count(table) == 1);
    }
  }
}

TEST_CASE("columns that v2.2 retyped in its sources accept the older type", "[store][schema]")
{
  const auto older = expected_columns(before("m20241125_043732_connection_params"));
  const auto newer = expected_columns(through("m20241125_043732_connection_params"));
  const auto find = [](const std::vector<ExpectedColumn>& columns, std::string_view table, std::string_view name) {
    const auto it = std::find_if(columns.begin(), columns.end(), [&](const ExpectedColumn& column) {
      return column.table == table && column.column == name;
    });
    REQUIRE(it != columns.end());
    return *it;
  };
  for (const auto& [table, column] : {std::pair{"function", "body"}, std::pair{"subscription", "definition"}}) {
    INFO(table << "." << column);
    CHECK(find(older, table, column).type == "character varying");
    CHECK(find(older, table, column).legacy_type.empty());
    CHECK(find(newer, table, column).type == "text");
    CHECK(find(newer, table, column).legacy_type == "character varying");
  }
  const auto all = expected_columns(through("m20260805_000000_object_belong_to_oid"));
  CHECK(std::count_if(all.begin(), all.end(), [](const ExpectedColumn& column) {
          return !column.legacy_type.empty();
        }) == 2);
}

TEST_CASE("columns that no transcribed release shows follow their migrations", "[store][schema]")
{
  SECTION("the first subscription table, dropped and re-created by subscription_partial_ckpt")
  {
    const auto first = before("m20240506_112555_subscription_partial_ckpt");
    CHECK(expected(first, "subscription", "columns") == "bytea NOT NULL");
    CHECK(expected(first, "subscription", "plan_pk") == "bytea NOT NULL");
    CHECK(expected(first, "subscription", "distribution_key") == "jsonb NOT NULL");
    CHECK(expected(first, "subscription", "properties") == "jsonb NOT NULL");
    CHECK(expected(first, "subscription", "subscription_from_name") == "character varying NOT NULL");
    CHECK(expected(first, "subscription", "subscription_internal_table_name") == "character varying");
    CHECK(expected(first, "subscription", "dependent_table_id").empty());
    CHECK(expected(before("m20240417_062305_subscription_internal_table_name"), "subscription",
                   "subscription_internal_table_name")
            .empty());
    const auto second = through("m20240506_112555_subscription_partial_ckpt");
    CHECK(expected(second, "subscription", "columns").empty());
    CHECK(expected(second, "subscription", "subscription_internal_table_name").empty());
    CHECK(expected(second, "subscription", "dependent_table_id") == "integer NOT NULL");
    CHECK(expected(before("m20240304_074901_subscription"), "subscription", "subscription_id").empty());
  }
  SECTION("function.compressed_binary before its ALTER ... TYPE bytea")
  {
    CHECK(expected(before("m20240618_072634_function_compressed_binary"), "function", "compressed_binary") ==
          "character varying");
    CHECK(expected(through("m20240618_072634_function_compressed_binary"), "function", "compressed_binary") ==
          "bytea");
  }
  SECTION("the parallel unit columns that remove_parallel_unit drops")
  {
    const auto older = before("m20240630_131430_remove_parallel_unit");
    CHECK(expected(older, "worker_property", "parallel_unit_ids") == "jsonb NOT NULL");
    CHECK(expected(older, "fragment", "vnode_mapping") == "bytea NOT NULL");
    CHECK(expected(older, "actor", "parallel_unit_id") == "integer NOT NULL");
    CHECK(expected(older, "worker_property", "parallelism").empty());
    CHECK(expected(through("m20240630_131430_remove_parallel_unit"), "fragment", "vnode_mapping").empty());
  }
  SECTION("worker_property.label exists in v2.2 stores only")
  {
    CHECK(expected(before("m20241022_072553_node_label"), "worker_property", "label").empty());
    const auto v22 = through("m20241125_043732_connection_params");
    REQUIRE(v22.label == "v2.2");
    CHECK(expected(v22, "worker_property", "label") == "character varying");
    CHECK(expected(through("m20241202_071413_resource_group"), "worker_property", "label").empty());
  }
  SECTION("table.refresh_state lives between two of v2.7's migrations")
  {
    CHECK(expected(before("m20250916_120000_add_refresh_fields"), "table", "refresh_state").empty());
    CHECK(expected(before("m20251030_120000_refresh_jobs"), "table", "refresh_state") == "character varying");
    CHECK(expected(through("m20251030_120000_refresh_jobs"), "table", "refresh_state").empty());
  }
  SECTION("hummock_epoch_to_version.table_id and function.function_type")
  {
    CHECK(expected(before("m20240820_081248_add_time_travel_per_table_epoch"), "hummock_epoch_to_version",
                   "table_id")
            .empty());
    CHECK(expected(before("m20240418_142249_function_runtime"), "function", "function_type").empty());
    CHECK(expected(through("m20240418_142249_function_runtime"), "function", "function_type") ==
          "character varying");
  }
}

TEST_CASE("every prefix of the apply order gives each column once, sorted", "[store][schema]")
{
  const auto& known = known_migrations();
  for (std::size_t count = 0; count <= known.size(); ++count) {
    INFO("the first " << count << " migrations");
    const std::vector<std::string> applied(known.begin(), known.begin() + static_cast<std::ptrdiff_t>(count));
    const auto columns = expected_columns(detect_generation(applied));
    const auto out_of_order = std::adjacent_find(columns.begin(), columns.end(), [](const auto& a, const auto& b) {
      return std::tie(a.table, a.column) >= std::tie(b.table, b.column);
    });
    CHECK(out_of_order == columns.end());
    CHECK(columns.empty() == (count == 0));
  }
}

TEST_CASE("expected columns of unusual migration sets", "[store][schema]")
{
  const auto& known = known_migrations();
  const std::vector<std::string> head(known.begin(), known.end());
  SECTION("no migrations, or only foreign ones: no columns, not even seaql_migrations'")
  {
    CHECK(expected_columns(detect_generation({})).empty());
    CHECK(expected_columns(detect_generation({"m20200101_000000_other_app"})).empty());
  }
  SECTION("only the init: its tables and the meta node's own")
  {
    const auto columns = expected_columns(detect_generation({std::string(migration::init)}));
    std::set<std::string_view> tables;
    for (const auto& column : columns) {
      tables.insert(column.table);
    }
    CHECK(tables.count("seaql_migrations") == 1);
    CHECK(tables.count("election_leader") == 1);
    CHECK(tables.count("actor_dispatcher") == 1);
    CHECK(tables.count("subscription") == 0);
    CHECK(tables.count("compaction_task") == 0);
  }
  SECTION("a migration unknown to this build changes nothing")
  {
    auto newer = head;
    newer.emplace_back("m20270101_000000_from_the_future");
    const auto generation = detect_generation(newer);
    REQUIRE(generation.unknown_migrations.size() == 1);
    const auto expected_newer = expected_columns(generation);
    const auto expected_head = expected_columns(detect_generation(head));
    REQUIRE(expected_newer.size() == expected_head.size());
    for (std::size_t i = 0; i < expected_head.size(); ++i) {
      CHECK(expected_newer[i].table == expected_head[i].table);
      CHECK(expected_newer[i].column == expected_head[i].column);
      CHECK(describe(expected_newer[i]) == describe(expected_head[i]));
    }
  }
}

TEST_CASE("the transcription parser fails on what it does not understand", "[store][schema]")
{
  const auto errors = [](std::string_view text) { return parse_transcription(text).errors.size(); };
  CHECK(errors("CREATE TABLE \"t\" (\n  \"a\" integer NOT NULL PRIMARY KEY,\n  \"b\" varchar(12)\n);\n") == 0);
  CHECK(errors("CREATE TABLE \"t\" (\n  \"a\" int4 NOT NULL\n);\n") == 1);
  CHECK(errors("CREATE TABLE \"t\" (\n  \"a\" integer CHECK (a > 0)\n);\n") == 1);
  CHECK(errors("CREATE TABLE \"t\" (\n  EXCLUDE USING gist (a WITH =)\n);\n") == 1);
  CHECK(errors("CREATE TABLE \"t\" (\n  \"a\" integer,\n  PRIMARY KEY (\"b\")\n);\n") == 1);
  CHECK(errors("CREATE TABLE IF NOT EXISTS \"t\" (\n  \"a\" integer\n);\n") == 0);
  CHECK(errors("ALTER TABLE \"t\" ADD COLUMN \"a\" int4;\n") == 1);
  CHECK(errors("ALTER TABLE \"t\" DROP COLUMN \"a\";\n") == 1);
  CHECK(errors("ALTER TABLE \"t\" SET UNLOGGED;\n") == 1);
  CHECK(errors("ALTER TABLE \"t\" ADD COLUMN \"a\" integer,\n  ADD COLUMN \"b\" integer;\n") == 1);
  CHECK(errors("CREATE TABLE \"t\" (\n  \"a\" integer\n") == 1);
  CHECK(errors("INSERT INTO \"seaql_migrations\" (\"version\", \"applied_at\") VALUES\n  (m1, 2);\n") == 1);
  const auto parsed = parse_transcription("CREATE TABLE \"t\" (\n  \"a\" serial,  -- m2024\n  \"b\" timestamp,\n"
                                          "  PRIMARY KEY (\"a\")\n);\n");
  CHECK(parsed.columns.at({"t", "a"}) == "integer NOT NULL");
  CHECK(parsed.columns.at({"t", "b"}) == "timestamp without time zone");

  // The ALTER TABLEs of sql/migrations/, replayed over the columns read so far.
  const auto altered = parse_transcription(
    "CREATE TABLE \"t\" (\n  \"a\" varchar,\n  \"b\" bigint\n);\n"
    "ALTER TABLE \"t\" RENAME COLUMN \"a\" TO \"c\";\n"
    "ALTER TABLE \"t\" ALTER COLUMN \"c\" TYPE text;\n"
    "ALTER TABLE \"t\" ADD PRIMARY KEY (\"b\");\n"
    "ALTER TABLE \"t\" ADD CONSTRAINT \"FK_t_b\" FOREIGN KEY (\"b\") REFERENCES \"u\" (\"b\");\n"
    "ALTER TABLE \"t\" ADD COLUMN \"d\" bool NOT NULL DEFAULT false;\n"
    "CREATE TABLE \"u\" (\n  \"b\" bigint\n);\n"
    "DROP TABLE IF EXISTS \"u\" CASCADE;\n");
  CHECK(altered.errors.empty());
  CHECK(altered.columns == std::map<ColumnKey, std::string>{{{"t", "b"}, "bigint NOT NULL"},
                                                            {{"t", "c"}, "text"},
                                                            {{"t", "d"}, "boolean NOT NULL"}});
}
