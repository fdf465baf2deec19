#include "db/binary_copy.hpp"

#include "core/error.hpp"

#include <fmt/format.h>

namespace rwdoctor::db {

namespace {

constexpr std::string_view k_signature{"PGCOPY\n\377\r\n\0", 11};
// Bits 16-31 of the header's flags are critical: a reader that does not know one must stop.
// None is defined in PostgreSQL 15 (bit 16 was "has OIDs" before 12).
constexpr std::uint32_t k_critical_flags = 0xffff0000U;

[[noreturn]] void
malformed(std::string_view what)
{
  throw OperationalError(fmt::format("the server sent a malformed binary COPY stream: {}", what),
                         "Run the check again; if it repeats, run it with --connections 1 and report the server's "
                         "version.");
}

// Reads big-endian integers from the front of a message.
class Reader
{
public:
  explicit Reader(std::string_view bytes) : m_bytes(bytes) {}

  std::uint32_t
  u32(std::string_view what)
  {
    const auto raw = take(4, what);
    return (std::uint32_t{static_cast<unsigned char>(raw[0])} << 24U)
           | (std::uint32_t{static_cast<unsigned char>(raw[1])} << 16U)
           | (std::uint32_t{static_cast<unsigned char>(raw[2])} << 8U) | std::uint32_t{static_cast<unsigned char>(raw[3])};
  }

  std::int16_t
  i16(std::string_view what)
  {
    const auto raw = take(2, what);
    return static_cast<std::int16_t>((static_cast<unsigned>(static_cast<unsigned char>(raw[0])) << 8U)
                                     | static_cast<unsigned char>(raw[1]));
  }

  std::string_view
  take(std::size_t count, std::string_view what)
  {
    if (m_bytes.size() < count) {
      malformed(fmt::format("{} is cut short", what));
    }
    const auto taken = m_bytes.substr(0, count);
    m_bytes.remove_prefix(count);
    return taken;
  }

  bool empty() const { return m_bytes.empty(); }

private:
  std::string_view m_bytes;
};

} // namespace

BinaryCopyMessage
parse_binary_copy_message(std::string_view message, bool first, std::size_t field_count)
{
  Reader reader(message);
  if (first) {
    if (reader.take(k_signature.size(), "the header") != k_signature) {
      malformed("the header has no PGCOPY signature");
    }
    if ((reader.u32("the header's flags") & k_critical_flags) != 0) {
      malformed("the header sets a flag this reader does not know");
    }
    reader.take(reader.u32("the header's extension length"), "the header's extension");
  }
  BinaryCopyMessage parsed;
  const auto count = reader.i16("a row's field count");
  if (count == -1) {
    parsed.end = true;
  } else if (count < 0 || static_cast<std::size_t>(count) != field_count) {
    malformed(fmt::format("a row has {} fields, not {}", count, field_count));
  } else {
    parsed.fields.reserve(field_count);
    for (std::size_t index = 0; index < field_count; ++index) {
      const auto length = reader.u32("a field's length");
      if (length == 0xffffffffU) {
        parsed.fields.emplace_back(std::nullopt);
      } else {
        parsed.fields.emplace_back(reader.take(length, "a field"));
      }
    }
  }
  if (!reader.empty()) {
    malformed(parsed.end ? "bytes follow the trailer" : "bytes follow a row's last field");
  }
  return parsed;
}

std::int32_t
binary_int4(std::string_view field)
{
  if (field.size() != 4) {
    malformed(fmt::format("an integer key has {} bytes, not 4", field.size()));
  }
  Reader reader(field);
  return static_cast<std::int32_t>(reader.u32("an integer"));
}

} // namespace rwdoctor::db
