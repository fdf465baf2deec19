// schema-drift (N8): the meta node's SeaORM models select every column by name and decode it
// into a fixed Rust type, so a meta table must have the columns the applied migrations create,
// with their types (#16304). Writes also assume no constraint or trigger RisingWave does not
// create. The expected columns per migration set are store::expected_columns.
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"
#include "store/expected_columns.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace rwdoctor::checks {

namespace {

struct PresentColumn
{
  std::string type;
  bool not_null = false;
  bool has_default = false;
};

// The unique indexes and UNIQUE constraints RisingWave's migrations create (table, columns).
bool
expected_unique(std::string_view table, std::string_view columns)
{
  static const std::set<std::pair<std::string_view, std::string_view>> uniques = {
    {"worker", "host,port"},
    {"user", "name"},
    {"database", "name"},
    {"user_privilege", "user_id,oid,action,granted_by"},
    {"user_default_privilege", "database_id,schema_id,object_type,for_materialized_view,user_id,grantee,action"},
  };
  return uniques.count({table, columns}) != 0;
}

std::string
quoted_table(std::string_view table)
{
  return table == "table" || table == "user" || table == "index" ? fmt::format("\"{}\"", table) : std::string(table);
}

// The length bound of a character varying(n) type, 0 for an unbounded string type (text,
// character varying), -1 for a type that is not a string.
int
string_bound(std::string_view type)
{
  if (type == "text" || type == "character varying") {
    return 0;
  }
  constexpr std::string_view prefix = "character varying(";
  if (type.substr(0, prefix.size()) != prefix || type.back() != ')') {
    return -1;
  }
  int bound = 0;
  for (const char c : type.substr(prefix.size(), type.size() - prefix.size() - 1)) {
    if (c < '0' || c > '9' || bound > 100000000) {
      return -1;
    }
    bound = bound * 10 + (c - '0');
  }
  return bound;
}

bool
is_json(std::string_view type)
{
  return type == "json" || type == "jsonb";
}

RawFinding
finding(std::string_view table, Severity severity, Consequence consequence, std::string message)
{
  RawFinding result;
  result.relation = std::string(table);
  result.severity = severity;
  result.consequence = consequence;
  result.message = std::move(message);
  return result;
}

std::string_view
nullability(bool not_null)
{
  return not_null ? "NOT NULL" : "nullable";
}

using PresentColumns = std::map<std::pair<std::string, std::string>, PresentColumn>;

// The finding of a unique index, trigger or constraint on `table` that RisingWave does not
// create; nullopt for a unique index it does create.
std::optional<RawFinding>
unexpected_object_finding(const std::string& kind, const std::string& table, const std::string& name,
                          const std::string& detail)
{
  if (kind == "unique") {
    if (expected_unique(table, detail)) {
      return std::nullopt;
    }
    return finding(table, Severity::error, Consequence::ddl_error,
                   fmt::format("{} has a unique index {} on ({}), which RisingWave does not create: "
                               "its inserts and updates of those columns can fail",
                               quoted_table(table), name, detail));
  }
  if (kind == "trigger") {
    return finding(table, Severity::error, Consequence::ddl_error,
                   fmt::format("{} has a trigger {}, which RisingWave does not create: it runs on "
                               "RisingWave's own writes",
                               quoted_table(table), name));
  }
  return finding(table, Severity::error, Consequence::ddl_error,
                 fmt::format("{} has a {} constraint {} ({}), which RisingWave does not create: its "
                             "writes can fail",
                             quoted_table(table), kind, name, detail));
}

// The columns of RisingWave's tables as the store has them (`rows`: a row per column, unique
// index, trigger and constraint); the other objects' findings go to `findings`.
PresentColumns
read_present_columns(const db::Rows& rows, const std::vector<store::ExpectedColumn>& expected,
                     std::vector<RawFinding>& findings)
{
  const RowReader reader(rows);
  const int kind_column = reader.column("kind");
  const int table_column = reader.column("table_name");
  const int name_column = reader.column("name");
  const int type_column = reader.column("type");
  const int not_null_column = reader.column("not_null");
  const int default_column = reader.column("has_default");

  std::set<std::string, std::less<>> expected_tables;
  for (const auto& column : expected) {
    expected_tables.insert(std::string(column.table));
  }
  PresentColumns present;
  for (std::size_t row = 0; row < reader.size(); ++row) {
    const auto kind = reader.text(row, kind_column).value_or("");
    const auto table = reader.text(row, table_column).value_or("");
    const auto name = reader.text(row, name_column).value_or("");
    const auto detail = reader.text(row, type_column).value_or("");
    if (expected_tables.count(table) == 0) {
      continue; // not a table of RisingWave's (or of a migration this build does not know)
    }
    if (kind == "column") {
      present[{table, name}] = PresentColumn{detail, reader.text(row, not_null_column) == std::optional<std::string>("t"),
                                             reader.text(row, default_column) == std::optional<std::string>("t")};
    } else if (auto found = unexpected_object_finding(kind, table, name, detail)) {
      findings.push_back(std::move(*found));
    }
  }
  return present;
}

// The finding of a column the store has with another type than `column` expects; nullopt
// when the difference is harmless.
std::optional<RawFinding>
type_drift_finding(const store::ExpectedColumn& column, const PresentColumn& found, const std::string& column_name)
{
  // sqlx decodes a Rust String from any string type and JSON from json and jsonb, so
  // those differences are harmless; only a tighter length bound fails writes.
  const int present_bound = string_bound(found.type);
  const int expected_bound = string_bound(column.type);
  if (present_bound >= 0 && expected_bound >= 0) {
    if (present_bound > 0 && (expected_bound == 0 || present_bound < expected_bound)) {
      return finding(column.table, Severity::error, Consequence::ddl_error,
                     fmt::format("column {} is {} where the migrations make it {}: RisingWave's "
                                 "writes of longer values fail",
                                 column_name, found.type, column.type));
    }
  } else if (!(is_json(found.type) && is_json(column.type))) {
    return finding(column.table, Severity::critical, Consequence::panic,
                   fmt::format("column {} is {} where the migrations make it {}: RisingWave cannot "
                               "decode it (mismatched types)",
                               column_name, found.type, column.type));
  }
  return std::nullopt;
}

// The finding of an expected `column` of a table the store has: missing, of another type, or
// of other nullability; nullopt when it is as the migrations make it.
std::optional<RawFinding>
column_drift_finding(const store::ExpectedColumn& column, const PresentColumns& present)
{
  const std::pair<std::string, std::string> key{std::string(column.table), std::string(column.column)};
  const auto found = present.find(key);
  const auto column_name = fmt::format("{}.{}", quoted_table(column.table), column.column);
  const auto definition = fmt::format("{} {}", column.type, nullability(column.not_null));
  if (found == present.end()) {
    return finding(column.table, Severity::critical, Consequence::panic,
                   fmt::format("column {} ({}) is missing: every read of {} fails", column_name, definition,
                               quoted_table(column.table)));
  }
  if (found->second.type != column.type && found->second.type != column.legacy_type) {
    return type_drift_finding(column, found->second, column_name);
  }
  if (found->second.not_null && !column.not_null) {
    return finding(column.table, Severity::error, Consequence::ddl_error,
                   fmt::format("column {} is NOT NULL where the migrations leave it nullable: "
                               "RisingWave's writes of NULL fail",
                               column_name));
  }
  if (!found->second.not_null && column.not_null) {
    return finding(column.table, Severity::warning, Consequence::panic,
                   fmt::format("column {} is nullable where the migrations make it NOT NULL: a NULL "
                               "in it fails RisingWave's reads",
                               column_name));
  }
  return std::nullopt;
}

} // namespace

std::vector<RawFinding>
analyze_schema_drift(const db::Rows& rows, const store::Generation& generation)
{
  const auto expected = store::expected_columns(generation);
  std::vector<RawFinding> findings;
  const auto present = read_present_columns(rows, expected, findings);

  std::set<std::pair<std::string, std::string>> known;
  for (const auto& column : expected) {
    known.insert({std::string(column.table), std::string(column.column)});
    const bool table_present = std::any_of(present.begin(), present.end(),
                                           [&](const auto& entry) { return entry.first.first == column.table; });
    if (!table_present) {
      continue; // a missing table fails the checks that read it; its columns add nothing
    }
    if (auto drift = column_drift_finding(column, present)) {
      findings.push_back(std::move(*drift));
    }
  }
  // A column no migration creates is harmless unless RisingWave's inserts, which do not name
  // it, fail on it. Not judged when the store has migrations this build does not know.
  if (generation.unknown_migrations.empty()) {
    for (const auto& [key, column] : present) {
      if (known.count(key) != 0 || !column.not_null || column.has_default) {
        continue;
      }
      findings.push_back(finding(key.first, Severity::error, Consequence::ddl_error,
                                 fmt::format("column {}.{} ({} NOT NULL, no default) is not created by any applied "
                                             "migration: RisingWave's inserts do not name it and fail",
                                             quoted_table(key.first), key.second, column.type)));
    }
  }
  return findings;
}

} // namespace rwdoctor::checks
