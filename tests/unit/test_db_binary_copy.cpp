// The binary COPY parser (db/binary_copy.hpp): well-formed messages as PostgreSQL 15 sends
// them, and every way a message can be cut, padded or mislabelled.
#include "core/error.hpp"
#include "db/binary_copy.hpp"

#include <catch2/catch.hpp>

#include <string>

using rwdoctor::OperationalError;
using rwdoctor::db::binary_int4;
using rwdoctor::db::parse_binary_copy_message;

namespace {

const std::string k_header = std::string("PGCOPY\n\377\r\n\0", 11) + std::string("\0\0\0\0\0\0\0\0", 8);

std::string
int16(int value)
{
  return {static_cast<char>((value >> 8) & 0xff), static_cast<char>(value & 0xff)};
}

std::string
int32(long long value)
{
  const auto bits = static_cast<unsigned long>(value) & 0xffffffffUL;
  return {static_cast<char>(bits >> 24U), static_cast<char>((bits >> 16U) & 0xffU),
          static_cast<char>((bits >> 8U) & 0xffU), static_cast<char>(bits & 0xffU)};
}

// A (key int4, value bytea) row.
std::string
row(int key, const std::string& value)
{
  return int16(2) + int32(4) + int32(key) + int32(static_cast<long long>(value.size())) + value;
}

} // namespace

TEST_CASE("binary COPY messages as the server sends them", "[copy]")
{
  const std::string blob("\x0a\x00\xff\x12", 4);
  // the fields point into the message, which must outlive them
  const auto first_message = k_header + row(7, blob);
  const auto first = parse_binary_copy_message(first_message, true, 2);
  REQUIRE_FALSE(first.end);
  REQUIRE(first.fields.size() == 2);
  CHECK(binary_int4(*first.fields[0]) == 7);
  CHECK(*first.fields[1] == blob);

  const auto next_message = row(-2147483647 - 1, "");
  const auto next = parse_binary_copy_message(next_message, false, 2);
  CHECK(binary_int4(*next.fields[0]) == -2147483647 - 1);
  CHECK(next.fields[1]->empty());

  const auto null_message = int16(2) + int32(4) + int32(1) + int32(-1);
  const auto null_field = parse_binary_copy_message(null_message, false, 2);
  CHECK_FALSE(null_field.fields[1].has_value());

  const auto trailer = parse_binary_copy_message(int16(-1), false, 2);
  CHECK(trailer.end);
  CHECK(trailer.fields.empty());
  // a COPY of no rows: the header and the trailer in one message
  CHECK(parse_binary_copy_message(k_header + int16(-1), true, 2).end);
  // a header extension is skipped; non-critical flags are allowed
  const auto extended = std::string("PGCOPY\n\377\r\n\0", 11) + int32(1) + int32(3) + "abc" + row(1, "x");
  const auto skipped = parse_binary_copy_message(extended, true, 2);
  CHECK(*skipped.fields[1] == "x");
}

TEST_CASE("malformed binary COPY messages are errors, never misread", "[copy][bad-input]")
{
  const auto good = row(7, "abcdef");
  const auto fails = [](const std::string& message, bool first, const std::string& what) {
    INFO(what);
    CHECK_THROWS_AS(parse_binary_copy_message(message, first, 2), OperationalError);
  };
  fails(good, true, "no header on the first message");
  fails("PGCOPY\n\377\r\n", true, "a cut signature");
  fails(std::string("PGCOPY\n\377\r\n\0", 11) + int32(0x10000) + int32(0) + good, true, "a critical flag");
  fails(std::string("PGCOPY\n\377\r\n\0", 11) + int32(0) + int32(100) + good, true, "an extension longer than the message");
  fails(std::string(), false, "an empty message");
  fails(std::string(1, '\0'), false, "half a field count");
  fails(int16(3) + good.substr(2), false, "three fields where two are expected");
  fails(int16(-2), false, "a negative field count other than the trailer's");
  fails(good.substr(0, good.size() - 1), false, "a value cut short");
  fails(good + "x", false, "a byte after the last field");
  fails(int16(-1) + "x", false, "a byte after the trailer");
  fails(int16(2) + int32(4) + int32(1) + int32(0x7fffffff), false, "a length beyond the message");
  CHECK_THROWS_AS(binary_int4("abc"), OperationalError);
  CHECK_THROWS_AS(binary_int4("abcde"), OperationalError);
  try {
    parse_binary_copy_message(good.substr(0, 5), false, 2);
    FAIL("no error");
  } catch (const OperationalError& error) {
    CHECK(std::string(error.what()) == "the server sent a malformed binary COPY stream: a field's length is cut short");
  }
}
