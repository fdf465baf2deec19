// Hummock's protobuf (RisingWave's proto/hummock.proto field numbers) for tests that write
// version deltas and time-travel versions by hand.
#pragma once

#include "protobuf_wire.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace rwdoctor::test::hummock_wire {

// RisingWave's epoch of a UTC time in ms since 1970: (ms since 2021-04-01 00:00:00 UTC) << 16.
inline std::uint64_t
epoch_at_unix_ms(std::uint64_t unix_ms)
{
  return (unix_ms - 1617235200000ULL) << 16U;
}

// table id -> (committed epoch, compaction group)
using TableInfos = std::map<std::uint32_t, std::pair<std::uint64_t, std::uint64_t>>;

inline std::string
table_info_entries(int field, const TableInfos& infos)
{
  std::string out;
  for (const auto& [table, info] : infos) {
    const auto value = wire::varint_field(1, info.first) + wire::varint_field(3, info.second);
    out += wire::message_field(field, wire::varint_field(1, table) + wire::message_field(2, value));
  }
  return out;
}

// HummockVersion {id = 1, state_table_info = 7}, with a levels entry (field 2) the reader skips.
inline std::string
version(std::uint64_t id, const TableInfos& tables)
{
  return wire::varint_field(1, id) + wire::message_field(2, wire::varint_field(1, 2) + wire::message_field(2, wire::varint_field(3, 2)))
         + table_info_entries(7, tables);
}

// HummockVersionDelta {id = 1, prev_id = 2, removed_table_ids = 9 (packed), state_table_info_delta = 11},
// with a group_deltas entry (field 3) the reader skips.
inline std::string
delta(std::uint64_t id, const std::vector<std::uint32_t>& removed, const TableInfos& infos = {})
{
  std::string packed;
  for (const auto table : removed) {
    packed += wire::varint(table);
  }
  return wire::varint_field(1, id) + wire::varint_field(2, id - 1)
         + wire::message_field(3, wire::varint_field(1, 2) + wire::message_field(2, wire::message_field(1, "")))
         + (removed.empty() ? std::string() : wire::message_field(9, packed)) + table_info_entries(11, infos);
}

// The hex of `bytes` for a SQL decode('...', 'hex').
inline std::string
hex(const std::string& bytes)
{
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (const unsigned char byte : bytes) {
    out.push_back(digits[byte >> 4U]);
    out.push_back(digits[byte & 15U]);
  }
  return out;
}

} // namespace rwdoctor::test::hummock_wire
