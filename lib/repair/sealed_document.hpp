// Plan and undo files are JSON documents sealed with a SHA-256 checksum of their contents, so
// a tampered, truncated or foreign file is refused before anything is done with it.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace rwdoctor::repair {

using Json = nlohmann::ordered_json;

// `document` (which must have "format" and "format_version") with a "checksum" member added,
// as text.
std::string seal(Json document);

// Parses and verifies a sealed document of `format` and a format_version from 1 to
// `newest_version`. Throws RefusedError naming `path` when it is not JSON, not that format, of
// another version, or its checksum does not match.
Json unseal(std::string_view text, std::string_view format, const std::string& path, int newest_version = 1);

} // namespace rwdoctor::repair
