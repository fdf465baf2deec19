// Protobuf wire format for tests that build RisingWave stream plans by hand (unit tests of the
// plan digest, db tests whose scripted meta node writes plans).
#pragma once

#include <cstdint>
#include <string>

namespace rwdoctor::test::wire {

inline std::string
varint(std::uint64_t value)
{
  std::string out;
  for (; value >= 128; value >>= 7) {
    out.push_back(static_cast<char>((value & 127) | 128));
  }
  out.push_back(static_cast<char>(value));
  return out;
}

inline std::string
varint_field(int number, std::uint64_t value)
{
  return varint(static_cast<std::uint64_t>(number) << 3) + varint(value);
}

inline std::string
message_field(int number, const std::string& body)
{
  return varint((static_cast<std::uint64_t>(number) << 3) | 2) + varint(body.size()) + body;
}

} // namespace rwdoctor::test::wire
