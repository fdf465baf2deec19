#include "repair/change_set.hpp"

#include "core/fault.hpp"
#include "util/sha256.hpp"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <set>

namespace rwdoctor::repair {

std::vector<int>
ChangeSet::deleted_objects() const
{
  std::vector<int> ids;
  for (const auto& group : object_groups) {
    ids.insert(ids.end(), group.begin(), group.end());
  }
  return ids;
}

std::map<std::string, std::size_t>
ChangeSet::row_counts() const
{
  std::map<std::string, std::size_t> counts;
  for (const auto* tables : {&removed, &inserted}) {
    for (const auto& table : *tables) {
      counts[table.table] += table.rows.size();
    }
  }
  // A row with several columns set counts once.
  std::set<std::pair<std::string, std::vector<std::optional<std::string>>>> updated;
  for (const auto& update : updates) {
    if (updated.emplace(update.table, update.key).second) {
      counts[update.table] += 1;
    }
  }
  return counts;
}

bool
ChangeSet::empty() const
{
  return object_groups.empty() && inserted.empty() && updates.empty() && sequences.empty();
}

std::string
hash_rows(const std::vector<db::CapturedTable>& rows)
{
  // The compact JSON of [{"columns": [...], "rows": [[value or null, ...], ...], "table": name}, ...]
  // (keys in nlohmann's sorted order), hashed piece by piece instead of built: the plan's rows
  // can be hundreds of megabytes of hex-encoded blobs.
  const auto json_text = [](const auto& value) {
    return nlohmann::json(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  };
  util::Sha256 digest;
  // A JSON string of printable ASCII, as nlohmann writes it: only '"' and '\\' are escaped.
  // Blobs in hex form are such strings, and this keeps them from being copied.
  const auto update_string = [&](const std::string& value) {
    const bool printable = std::all_of(value.begin(), value.end(), [](char c) { return c >= 0x20 && c <= 0x7e; });
    if (!printable) {
      digest.update(json_text(value));
      return;
    }
    const std::string_view text = value;
    digest.update("\"");
    util::split_at_specials(
      text, "\"\\", [&digest](std::string_view stretch) { digest.update(stretch); },
      [&digest](char c) { digest.update(c == '"' ? "\\\"" : "\\\\"); });
    digest.update("\"");
  };
  digest.update("[");
  for (std::size_t t = 0; t < rows.size(); ++t) {
    const auto& table = rows[t];
    digest.update(t == 0 ? "{\"columns\":" : ",{\"columns\":");
    digest.update(json_text(table.columns));
    digest.update(",\"rows\":[");
    for (std::size_t r = 0; r < table.rows.size(); ++r) {
      digest.update(r == 0 ? "[" : ",[");
      for (std::size_t v = 0; v < table.rows[r].size(); ++v) {
        if (v != 0) {
          digest.update(",");
        }
        const auto& value = table.rows[r][v];
        if (value) {
          update_string(*value);
        } else {
          digest.update("null");
        }
      }
      digest.update("]");
    }
    digest.update("],\"table\":");
    digest.update(json_text(table.table));
    digest.update("}");
  }
  digest.update("]");
  return "sha256:" + digest.finish_hex();
}

std::string
hash_changes(const ChangeSet& changes, const std::optional<std::string>& inserted_hash)
{
  const auto values = [](const std::vector<std::optional<std::string>>& row) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& value : row) {
      list.push_back(value ? nlohmann::json(*value) : nlohmann::json(nullptr));
    }
    return list;
  };
  nlohmann::json hashed = {{"removed", hash_rows(changes.removed)},
                           {"inserted", inserted_hash ? *inserted_hash : hash_rows(changes.inserted)},
                           {"objects", changes.object_groups},
                           {"updates", nlohmann::json::array()},
                           {"sequences", nlohmann::json::array()}};
  for (const auto& update : changes.updates) {
    hashed["updates"].push_back(
      nlohmann::json::array({update.table, update.column, values(update.key), values({update.old_value}),
                             values({update.new_value})}));
  }
  for (const auto& move : changes.sequences) {
    hashed["sequences"].push_back(nlohmann::json::array({move.sequence, move.from, move.to}));
  }
  return "sha256:" + util::sha256_hex(hashed.dump());
}

void
execute_changes(db::MetaStoreSession& session, const ChangeSet& changes, const std::string& action)
{
  if (!changes.object_groups.empty()) {
    const auto cascade_indexes = db::create_cascade_indexes(session, changes.cascade_indexes);
    const auto objects = changes.deleted_objects();
    for (const auto& [table, column] : changes.explicit_deletes) {
      db::delete_where_in(session, table, column, objects);
    }
    for (const auto& group : changes.object_groups) {
      db::delete_objects(session, group);
    }
    db::drop_cascade_indexes(session, cascade_indexes);
    fault_point(action + ":after-delete");
  }
  for (const auto& table : changes.inserted) {
    db::insert_rows(session, table);
    fault_point(action + ":after-table");
  }
  for (const auto& update : changes.updates) {
    db::update_column(session, update.table, update.key_columns, update.key_types, update.key, update.column,
                      update.type, update.new_value);
  }
  if (!changes.inserted.empty() || !changes.updates.empty()) {
    fault_point(action + ":after-insert");
  }
  for (const auto& move : changes.sequences) {
    session.run_file("sql/repair/set_sequence.sql", {move.sequence, move.to});
  }
}

} // namespace rwdoctor::repair
