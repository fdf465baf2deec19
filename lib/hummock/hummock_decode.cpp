#include "hummock/hummock_decode.hpp"

#include "proto/hummock.pb.h"
#include "util/text.hpp"

#include <nlohmann/json.hpp>

#include <climits>

namespace rwdoctor::hummock {

namespace {

template <typename Message>
bool
parse_message(std::string_view bytes, Message& message)
{
  return bytes.size() <= static_cast<std::size_t>(INT_MAX)
         && message.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

// A stats field as an int64: a JSON string of digits (pbjson's int64) or a number.
std::optional<std::int64_t>
stats_number(const nlohmann::json& entry, const char* camel, const char* snake)
{
  for (const char* name : {camel, snake}) {
    const auto found = entry.find(name);
    if (found == entry.end()) {
      continue;
    }
    if (found->is_number_integer()) {
      return found->get<std::int64_t>();
    }
    if (found->is_string()) {
      try {
        std::size_t used = 0;
        const auto text = found->get<std::string>();
        const auto value = std::stoll(text, &used);
        if (used == text.size()) {
          return value;
        }
      } catch (const std::exception&) {
      }
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<VersionDelta>
decode_version_delta(std::string_view bytes)
{
  hummock_pb::HummockVersionDelta message;
  if (!parse_message(bytes, message)) {
    return std::nullopt;
  }
  VersionDelta delta;
  delta.id = message.id();
  delta.prev_id = message.prev_id();
  delta.removed_table_ids.assign(message.removed_table_ids().begin(), message.removed_table_ids().end());
  for (const auto& [table, info] : message.state_table_info_delta()) {
    delta.table_infos.emplace_back(table, TableInfo{info.committed_epoch(), info.compaction_group_id()});
  }
  return delta;
}

std::optional<VersionSnapshot>
decode_version(std::string_view bytes)
{
  hummock_pb::HummockVersion message;
  if (!parse_message(bytes, message)) {
    return std::nullopt;
  }
  VersionSnapshot snapshot;
  snapshot.id = message.id();
  for (const auto& [table, info] : message.state_table_info()) {
    snapshot.tables.emplace(table, TableInfo{info.committed_epoch(), info.compaction_group_id()});
  }
  return snapshot;
}

namespace {

std::optional<std::pair<std::uint32_t, TableStats>>
stats_entry(std::string_view key, const nlohmann::json& entry)
{
  int table = 0;
  if (!util::parse_int32(key, table) || table < 0 || !entry.is_object()) {
    return std::nullopt;
  }
  TableStats table_stats;
  table_stats.keys = stats_number(entry, "totalKeyCount", "total_key_count").value_or(0);
  table_stats.bytes = saturating_add(stats_number(entry, "totalKeySize", "total_key_size").value_or(0),
                                     stats_number(entry, "totalValueSize", "total_value_size").value_or(0));
  return std::make_pair(static_cast<std::uint32_t>(table), table_stats);
}

} // namespace

std::optional<std::map<std::uint32_t, TableStats>>
parse_version_stats(std::string_view json)
{
  const auto document = nlohmann::json::parse(json.begin(), json.end(), nullptr, false);
  if (!document.is_object()) {
    return std::nullopt;
  }
  std::map<std::uint32_t, TableStats> stats;
  for (const auto& [key, entry] : document.items()) {
    if (auto parsed = stats_entry(key, entry)) {
      stats.insert(*parsed);
    }
  }
  return stats;
}

std::optional<std::pair<std::uint32_t, TableStats>>
parse_version_stats_entry(std::string_view key, std::string_view value_json)
{
  return stats_entry(key, nlohmann::json::parse(value_json.begin(), value_json.end(), nullptr, false));
}

} // namespace rwdoctor::hummock
