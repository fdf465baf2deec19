// PostgreSQL's binary COPY format, as COPY ... TO STDOUT (FORMAT binary) sends it: an 11-byte
// signature, a flags word and a header extension, then one tuple per row (a 16-bit field
// count, and per field a 32-bit length, -1 for NULL, and that many bytes), then a trailer
// (field count -1). All integers are in network byte order. The server sends one CopyData
// message per row, the header in front of the first row and the trailer alone; libpq's
// PQgetCopyData hands over one message at a time. Pure: no I/O, unit tested.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace rwdoctor::db {

// One CopyData message of a binary COPY: a row's fields (nullopt for NULL), pointing into
// the message, or the trailer (no fields, `end` true).
struct BinaryCopyMessage
{
  bool end = false;
  std::vector<std::optional<std::string_view>> fields;
};

// Parses `message`; the first message of a COPY (`first`) begins with the file header.
// Throws OperationalError when the message is not a tuple of `field_count` fields or a
// trailer (a wrong signature, a critical header flag, a truncated field, bytes left over).
BinaryCopyMessage parse_binary_copy_message(std::string_view message, bool first, std::size_t field_count);

// A 32-bit integer field (int4 in binary form); throws OperationalError when it has not
// exactly four bytes.
std::int32_t binary_int4(std::string_view field);

} // namespace rwdoctor::db
