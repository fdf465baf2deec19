#include "repair/drop_identity.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace rwdoctor::repair {

namespace {

const db::CapturedTable*
table_named(const std::vector<db::CapturedTable>& removed, const std::string& name)
{
  const auto found = std::find_if(removed.begin(), removed.end(),
                                  [&](const db::CapturedTable& table) { return table.table == name; });
  return found == removed.end() ? nullptr : &*found;
}

// The value of `column` in the row of `table` whose `key` is `job` (the first such row).
std::optional<std::string>
value_of(const db::CapturedTable& table, const std::string& key, int job, const std::string& column)
{
  const int key_at = db::column_index(table, key);
  const int value_at = db::column_index(table, column);
  if (key_at < 0 || value_at < 0) {
    return std::nullopt;
  }
  const auto wanted = std::to_string(job);
  for (const auto& row : table.rows) {
    if (row[static_cast<std::size_t>(key_at)] == wanted) {
      return row[static_cast<std::size_t>(value_at)];
    }
  }
  return std::nullopt;
}

// Rows of `table` with `job` in any of `columns`.
std::size_t
rows_with(const db::CapturedTable* table, const std::vector<std::string>& columns, int job)
{
  if (table == nullptr) {
    return 0;
  }
  std::vector<int> at;
  for (const auto& column : columns) {
    if (const int index = db::column_index(*table, column); index >= 0) {
      at.push_back(index);
    }
  }
  const auto wanted = std::to_string(job);
  return static_cast<std::size_t>(std::count_if(table->rows.begin(), table->rows.end(), [&](const auto& row) {
    return std::any_of(at.begin(), at.end(), [&](int index) { return row[static_cast<std::size_t>(index)] == wanted; });
  }));
}

std::optional<std::string>
first_of(const db::CapturedTable& table, int job, const std::vector<std::string>& columns)
{
  for (const auto& column : columns) {
    if (auto value = value_of(table, "oid", job, column); value && !value->empty()) {
      return value;
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<JobIdentity>
identity_of(const std::vector<db::CapturedTable>& removed, int job, const std::map<int, std::string>& backup_definitions)
{
  const auto* object = table_named(removed, "object");
  if (object == nullptr || !value_of(*object, "oid", job, "oid")) {
    return std::nullopt;
  }
  JobIdentity identity;
  identity.job = job;
  identity.owner_id = value_of(*object, "oid", job, "owner_id");
  identity.created_at = first_of(*object, job, {"created_at", "initialized_at"});
  identity.release = first_of(*object, job, {"created_at_cluster_version", "initialized_at_cluster_version"});
  identity.grants = rows_with(table_named(removed, "user_privilege"), {"oid"}, job);
  identity.dependencies = rows_with(table_named(removed, "object_dependency"), {"oid", "used_by"}, job);
  // The catalog row of each kind of job keys on its own id column.
  const std::vector<std::pair<std::string, std::string>> kinds = {
    {"table", "table_id"}, {"sink", "sink_id"},   {"source", "source_id"},
    {"view", "view_id"},   {"index", "index_id"}, {"subscription", "subscription_id"}};
  for (const auto& [name, key] : kinds) {
    if (const auto* table = table_named(removed, name)) {
      if (auto definition = value_of(*table, key, job, "definition"); definition && !definition->empty()) {
        identity.definition = std::move(definition);
        break;
      }
    }
  }
  if (!identity.definition) {
    if (const auto found = backup_definitions.find(job); found != backup_definitions.end()) {
      identity.definition = found->second;
      identity.definition_from_backup = true;
    }
  }
  return identity;
}

std::string
identity_text(const JobIdentity& identity, std::size_t definition_chars)
{
  std::string text = fmt::format("job {}: owner {}", identity.job, identity.owner_id.value_or("unknown"));
  if (identity.created_at) {
    text += fmt::format(", created {}{}", *identity.created_at,
                        identity.release ? fmt::format(" on {}", *identity.release) : std::string());
  }
  text += fmt::format(", {} grant{}, {} dependenc{}", identity.grants, identity.grants == 1 ? "" : "s",
                      identity.dependencies, identity.dependencies == 1 ? "y" : "ies");
  if (identity.definition) {
    auto definition = *identity.definition;
    if (definition.size() > definition_chars) {
      auto cut = definition_chars;
      while (cut > 0 && (static_cast<unsigned char>(definition[cut]) & 0xC0) == 0x80) {
        --cut; // not inside a UTF-8 character
      }
      definition = definition.substr(0, cut) + "...";
    }
    text += fmt::format("; definition{}: {}", identity.definition_from_backup ? " (from the backup)" : "", definition);
  } else {
    text += "; no definition is left in the meta store: its owner recreates it from their own copy";
  }
  return text;
}

} // namespace rwdoctor::repair
