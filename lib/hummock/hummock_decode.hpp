// Decoding the meta store's Hummock rows into the evidence state_grades reads: the protobuf of
// a version delta and of a time-travel version (lib/proto/hummock.proto, RisingWave's field
// numbers), and the jsonb of hummock_version_stats. Pure; a value that does not decode is
// nullopt, never an exception, so one bad row is a gap in the evidence, not a failed check.
#pragma once

#include "hummock/state_grades.hpp"

#include <map>
#include <utility>
#include <optional>
#include <string_view>

namespace rwdoctor::hummock {

std::optional<VersionDelta> decode_version_delta(std::string_view bytes);
std::optional<VersionSnapshot> decode_version(std::string_view bytes);

// hummock_version_stats.stats: {"<table id>": {"totalKeyCount", "totalKeySize", "totalValueSize"}},
// as serde_json writes RisingWave's pbjson TableStats (lowerCamelCase names, int64 as JSON
// strings, zero fields left out: TableStats(HashMap<TableId, PbTableStats>) in
// src/meta/model/src/hummock_version_stats.rs @ HEAD, HashMap<u32, PbTableStats> in
// src/meta/model_v2/src/hummock_version_stats.rs:38 @ v2.0.7, PbTableStats given serde by
// pbjson_build in src/prost/build.rs:1317 @ HEAD); the snake_case names and JSON numbers are read too. An
// entry whose key is not a table id is skipped; bytes are key + value bytes. nullopt when the
// value is not a JSON object.
std::optional<std::map<std::uint32_t, TableStats>> parse_version_stats(std::string_view json);

// One entry of that map, its key and its value's JSON text (as jsonb_each gives them), by the
// same rules; nullopt for an entry parse_version_stats skips.
std::optional<std::pair<std::uint32_t, TableStats>> parse_version_stats_entry(std::string_view key,
                                                                               std::string_view value_json);

} // namespace rwdoctor::hummock
