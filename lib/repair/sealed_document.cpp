#include "repair/sealed_document.hpp"

#include "core/error.hpp"
#include "util/sha256.hpp"

#include <fmt/format.h>

namespace rwdoctor::repair {

namespace {

std::string
checksum_of(const Json& document)
{
  return "sha256:" + util::sha256_hex(document.dump(-1, ' ', false, Json::error_handler_t::strict));
}

} // namespace

std::string
seal(Json document)
{
  document.erase("checksum");
  const auto checksum = checksum_of(document);
  document["checksum"] = checksum;
  return document.dump(1, ' ', false, Json::error_handler_t::strict) + "\n";
}

Json
unseal(std::string_view text, std::string_view format, const std::string& path, int newest_version)
{
  const auto hint = fmt::format("Use the {} file exactly as rwdoctor wrote it; a changed or truncated file is never applied.",
                                format == "rwdoctor-undo" ? "undo" : "plan");
  Json document;
  try {
    document = Json::parse(text);
  } catch (const Json::exception&) {
    throw RefusedError(fmt::format("'{}' is not a complete JSON document (truncated or damaged)", path), hint);
  }
  if (!document.is_object() || document.value("format", "") != format) {
    throw RefusedError(fmt::format("'{}' is not an rwdoctor {} file", path, format == "rwdoctor-undo" ? "undo" : "plan"),
                       hint);
  }
  const auto& version = document.contains("format_version") ? document["format_version"] : Json();
  if (!version.is_number_integer() || version.get<long long>() < 1 || version.get<long long>() > newest_version) {
    throw RefusedError(fmt::format("'{}' has format_version {}, this rwdoctor reads version{} 1{}", path, version.dump(),
                                   newest_version > 1 ? "s" : "",
                                   newest_version > 1 ? fmt::format(" to {}", newest_version) : ""),
                       "Use the rwdoctor version that wrote the file.");
  }
  if (!document.contains("checksum") || !document["checksum"].is_string()) {
    throw RefusedError(fmt::format("'{}' has no checksum", path), hint);
  }
  const auto stated = document["checksum"].get<std::string>();
  document.erase("checksum");
  if (checksum_of(document) != stated) {
    throw RefusedError(fmt::format("'{}' does not match its checksum: it was changed after rwdoctor wrote it", path), hint);
  }
  return document;
}

} // namespace rwdoctor::repair
