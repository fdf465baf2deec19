// foreign-keys-missing (INV-01): RisingWave removes every dependent row through ON DELETE
// CASCADE foreign keys (it only ever deletes from `object`), so a missing or weakened key
// silently leaves orphans behind every later DROP. The expected keys per migration come from
// rw-meta-schema.md §5.1, checked against the migrations.
#include "checks/analyzers.hpp"
#include "checks/row_reader.hpp"

#include <fmt/format.h>

#include <map>
#include <set>
#include <tuple>

namespace rwdoctor::checks {

namespace {

enum class OnDelete { cascade, no_action };

struct ExpectedForeignKey
{
  std::string_view table;
  std::string_view columns;
  std::string_view referenced_table;
  OnDelete on_delete;
  std::string_view since; // migration that creates it ("" = init)
  std::string_view until; // migration that drops it ("" = never)
};

constexpr std::string_view k_dispatcher_gone = "m20250509_102041_remove_dispatcher";

const std::vector<ExpectedForeignKey>&
expected_foreign_keys()
{
  using O = OnDelete;
  static const std::vector<ExpectedForeignKey> keys = {
    {"object", "owner_id", "user", O::cascade, "", ""},
    {"object", "database_id", "object", O::cascade, "", ""},
    {"object", "schema_id", "object", O::cascade, "", ""},
    {"object", "belong_to_oid", "object", O::cascade, store::migration::object_belong_to_oid, ""},
    {"database", "database_id", "object", O::cascade, "", ""},
    {"schema", "schema_id", "object", O::cascade, "", ""},
    {"user_privilege", "dependent_id", "user_privilege", O::cascade, "", ""},
    {"user_privilege", "user_id", "user", O::cascade, "", ""},
    {"user_privilege", "granted_by", "user", O::no_action, "", ""},
    {"user_privilege", "oid", "object", O::cascade, "", ""},
    {"object_dependency", "oid", "object", O::cascade, "", ""},
    {"object_dependency", "used_by", "object", O::cascade, "", ""},
    {"streaming_job", "job_id", "object", O::cascade, "", ""},
    {"fragment", "job_id", "object", O::cascade, "", ""},
    {"actor", "fragment_id", "fragment", O::cascade, "", ""},
    {"actor_dispatcher", "actor_id", "actor", O::cascade, "", k_dispatcher_gone},
    {"actor_dispatcher", "dispatcher_id", "fragment", O::cascade, "", k_dispatcher_gone},
    {"table", "table_id", "object", O::cascade, "", ""},
    {"table", "belongs_to_job_id", "object", O::cascade, "", ""},
    {"table", "fragment_id", "fragment", O::cascade, "", ""},
    {"table", "dml_fragment_id", "fragment", O::no_action, "", ""},
    {"table", "optional_associated_source_id", "object", O::cascade, "", ""},
    {"source", "source_id", "object", O::cascade, "", ""},
    {"source", "connection_id", "connection", O::no_action, "", ""},
    {"source", "optional_associated_table_id", "object", O::cascade, "", ""},
    {"sink", "sink_id", "object", O::cascade, "", ""},
    {"sink", "connection_id", "connection", O::no_action, "", ""},
    {"sink", "target_table", "table", O::no_action, "", ""},
    {"index", "index_id", "object", O::cascade, "", ""},
    {"index", "index_table_id", "table", O::cascade, "", ""},
    {"index", "primary_table_id", "table", O::cascade, "", ""},
    {"view", "view_id", "object", O::cascade, "", ""},
    {"function", "function_id", "object", O::cascade, "", ""},
    {"connection", "connection_id", "object", O::cascade, "", ""},
    {"subscription", "subscription_id", "object", O::cascade, "", ""},
    {"subscription", "dependent_table_id", "object", O::cascade, store::migration::subscription_dependent_fk, ""},
    {"secret", "secret_id", "object", O::cascade, "", ""},
    {"worker_property", "worker_id", "worker", O::cascade, "", ""},
    {"fragment_relation", "source_fragment_id", "fragment", O::cascade, store::migration::fragment_relation, ""},
    {"fragment_relation", "target_fragment_id", "fragment", O::cascade, store::migration::fragment_relation, ""},
    {"fragment_splits", "fragment_id", "fragment", O::cascade, store::migration::fragment_splits, ""},
    {"user_default_privilege", "database_id", "database", O::cascade, "m20250603_084830_default_privilege", ""},
    {"user_default_privilege", "schema_id", "schema", O::cascade, "m20250603_084830_default_privilege", ""},
    {"user_default_privilege", "user_id", "user", O::cascade, "m20250603_084830_default_privilege", ""},
    {"user_default_privilege", "grantee", "user", O::cascade, "m20250603_084830_default_privilege", ""},
    {"user_default_privilege", "granted_by", "user", O::cascade, "m20250603_084830_default_privilege", ""},
    {"cdc_table_snapshot_splits", "table_id", "object", O::cascade, "m20250702_062029_cdc_table_snapshot_splits", ""},
    {"refresh_job", "table_id", "table", O::cascade, "m20251030_120000_refresh_jobs", ""},
    {"pending_sink_state", "sink_id", "object", O::cascade, store::migration::pending_sink_state_fk, ""},
  };
  return keys;
}

std::string_view
spell(OnDelete on_delete)
{
  return on_delete == OnDelete::cascade ? "CASCADE" : "NO ACTION";
}

// pg_constraint.confdeltype: a = no action, r = restrict, c = cascade, n = set null, d = set default.
std::string_view
spell_action_code(std::string_view code)
{
  if (code == "c") {
    return "CASCADE";
  }
  if (code == "a") {
    return "NO ACTION";
  }
  if (code == "r") {
    return "RESTRICT";
  }
  if (code == "n") {
    return "SET NULL";
  }
  if (code == "d") {
    return "SET DEFAULT";
  }
  return "unknown";
}

std::string
quoted_table(std::string_view table)
{
  return table == "table" || table == "user" || table == "index" ? fmt::format("\"{}\"", table) : std::string(table);
}

} // namespace

std::vector<RawFinding>
analyze_foreign_keys(const db::Rows& rows, const store::Generation& generation, const store::SchemaFacts& facts)
{
  const RowReader reader(rows);
  const int table = reader.column("table_name");
  const int columns = reader.column("column_names");
  const int referenced = reader.column("referenced_table");
  const int action = reader.column("delete_action");

  // (table, columns, referenced table) -> spelled delete actions present
  std::map<std::tuple<std::string, std::string, std::string>, std::set<std::string_view>> present;
  for (std::size_t row = 0; row < reader.size(); ++row) {
    present[{reader.text(row, table).value_or(""), reader.text(row, columns).value_or(""),
             reader.text(row, referenced).value_or("")}]
      .insert(spell_action_code(reader.text(row, action).value_or("")));
  }

  std::vector<RawFinding> findings;
  for (const auto& key : expected_foreign_keys()) {
    if ((!key.since.empty() && !generation.has(key.since)) || (!key.until.empty() && generation.has(key.until))) {
      continue;
    }
    if (!facts.has(key.table) || !facts.has(std::string(key.table) + "." + std::string(key.columns)) ||
        !facts.has(key.referenced_table)) {
      // A missing table or column is reported as such, not as a missing key: the keys from it
      // and the keys into it only restate that the table is gone.
      continue;
    }
    const auto found = present.find({std::string(key.table), std::string(key.columns), std::string(key.referenced_table)});
    const auto description = fmt::format("foreign key {}.{} -> {} ON DELETE {}", quoted_table(key.table), key.columns,
                                         quoted_table(key.referenced_table), spell(key.on_delete));
    RawFinding finding;
    finding.relation = std::string(key.table);
    if (found == present.end()) {
      finding.message = fmt::format("{} is missing", description);
    } else if (found->second.count(spell(key.on_delete)) == 0) {
      finding.message = fmt::format("{} exists only as ON DELETE {}", description, *found->second.begin());
    } else {
      continue;
    }
    findings.push_back(std::move(finding));
  }
  return findings;
}

} // namespace rwdoctor::checks
