#include "util/text.hpp"

#include <catch2/catch.hpp>

using namespace rwdoctor::util;

TEST_CASE("identifiers are quoted only when SQL needs it", "[util]")
{
  CHECK(quote_identifier_if_needed("mv_orders") == "mv_orders");
  CHECK(quote_identifier_if_needed("_x1") == "_x1");
  CHECK(quote_identifier_if_needed("Orders") == "\"Orders\"");
  CHECK(quote_identifier_if_needed("order items") == "\"order items\"");
  CHECK(quote_identifier_if_needed("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(quote_identifier_if_needed("1abc") == "\"1abc\"");
  CHECK(quote_identifier_if_needed("") == "\"\"");
}

TEST_CASE("parse_int32 accepts whole integers only", "[util]")
{
  int value = 0;
  CHECK(parse_int32("1004", value));
  CHECK(value == 1004);
  CHECK(parse_int32("-3", value));
  CHECK(value == -3);
  CHECK_FALSE(parse_int32("", value));
  CHECK_FALSE(parse_int32("12x", value));
  CHECK_FALSE(parse_int32("1; DROP TABLE object", value));
  CHECK_FALSE(parse_int32("99999999999", value));
}

TEST_CASE("split_words and trim", "[util]")
{
  CHECK(split_words(" a, b  c,,d ") == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(trim("  x y \n") == "x y");
  CHECK(first_line("first\nsecond") == "first");
}

TEST_CASE("encode_bytea_hex writes what decode_bytea_hex reads", "[util]")
{
  CHECK(encode_bytea_hex("") == "\\x");
  CHECK(encode_bytea_hex(std::string("\x0a\x01\xff", 3)) == "\\x0a01ff");
  std::string all;
  for (int byte = 0; byte < 256; ++byte) {
    all += static_cast<char>(byte);
  }
  std::string back;
  REQUIRE(decode_bytea_hex(encode_bytea_hex(all), back));
  CHECK(back == all);
}

TEST_CASE("decode_bytea_hex reads PostgreSQL's hex form and nothing else", "[util]")
{
  std::string bytes;
  CHECK(decode_bytea_hex("\\x", bytes));
  CHECK(bytes.empty());
  CHECK(decode_bytea_hex("\\x0a01Ff", bytes));
  CHECK(bytes == std::string("\x0a\x01\xff", 3));
  CHECK(decode_bytea_hex("\\x0000", bytes));
  CHECK(bytes == std::string(2, '\0'));
  CHECK_FALSE(decode_bytea_hex("", bytes));
  CHECK_FALSE(decode_bytea_hex("0a01", bytes));      // no prefix
  CHECK_FALSE(decode_bytea_hex("\\x0a0", bytes));    // odd number of digits
  CHECK_FALSE(decode_bytea_hex("\\x0g", bytes));     // not a hex digit
  CHECK_FALSE(decode_bytea_hex("\\001\\002", bytes)); // the escape output form
}

TEST_CASE("copy_text_line writes one row of COPY's text format", "[util]")
{
  using Values = std::vector<std::optional<std::string>>;
  CHECK(copy_text_line(Values{}).empty());
  CHECK(copy_text_line(Values{std::string("1"), std::nullopt, std::string("")}) == "1\t\\N\t");
  // A bytea in hex output form keeps its prefix's backslash as "\\".
  CHECK(copy_text_line(Values{std::string("\\x0a1b")}) == "\\\\x0a1b");
  // The characters COPY would read as separators or escapes, at the ends and in the middle.
  CHECK(copy_text_line(Values{std::string("\ta\nb\rc\\")}) == "\\ta\\nb\\rc\\\\");
  // A value that reads like the NULL marker or the end-of-data marker stays a value.
  CHECK(copy_text_line(Values{std::string("\\N"), std::string("\\.")}) == "\\\\N\t\\\\.");
  // Other bytes, UTF-8 and quotes pass through.
  CHECK(copy_text_line(Values{std::string("\xc3\xa9 \"q\" ;")}) == "\xc3\xa9 \"q\" ;");
}

TEST_CASE("parse_copy_text_line reads one row of COPY's text format back", "[util]")
{
  using Values = std::vector<std::optional<std::string>>;
  using rwdoctor::util::parse_copy_text_line;
  const auto parse = [](std::string_view line) {
    Values values;
    parse_copy_text_line(line, values);
    return values;
  };
  CHECK(parse("") == Values{std::string("")});
  CHECK(parse("1\t\\N\t") == Values{std::string("1"), std::nullopt, std::string("")});
  // The newline COPY ends a row with is not part of the last value.
  CHECK(parse("1\t2\n") == Values{std::string("1"), std::string("2")});
  CHECK(parse("\\N\n") == Values{std::nullopt});
  // A bytea in hex output form, as COPY writes it.
  CHECK(parse("\\\\x0a1b") == Values{std::string("\\x0a1b")});
  // Every escape COPY writes, at the ends and in the middle; an escaped byte that COPY never
  // writes stands for itself, and so does a lone backslash at the very end.
  CHECK(parse("\\ta\\nb\\rc\\\\") == Values{std::string("\ta\nb\rc\\")});
  CHECK(parse("\\b\\f\\v\\q\\") == Values{std::string("\b\f\vq\\")});
  // Only a whole field of \N is NULL.
  CHECK(parse("\\\\N\t\\N\\N") == Values{std::string("\\N"), std::string("NN")});
  // UTF-8, quotes and other bytes pass through.
  CHECK(parse("\xc3\xa9 \"q\" ;") == Values{std::string("\xc3\xa9 \"q\" ;")});

  // The inverse of copy_text_line, whatever the values.
  const std::vector<Values> rows = {
    {std::string("\\x00ff"), std::nullopt, std::string("\t\n\r\\"), std::string("\\N"), std::string("")},
    {std::string("a\tb"), std::string("{\"k\": \"v\\n\"}")},
    {std::nullopt},
  };
  for (const auto& row : rows) {
    CHECK(parse(rwdoctor::util::copy_text_line(row)) == row);
  }
  // The output vector is overwritten, longer or shorter than before.
  Values reused = {std::string("x"), std::string("y"), std::string("z")};
  parse_copy_text_line("1", reused);
  CHECK(reused == Values{std::string("1")});
  parse_copy_text_line("a\t\\N\tc", reused);
  CHECK(reused == Values{std::string("a"), std::nullopt, std::string("c")});
}

TEST_CASE("split_at_specials hands over every stretch and special byte in order", "[util]")
{
  const auto split = [](std::string_view text, std::string_view specials) {
    std::string out;
    rwdoctor::util::split_at_specials(
      text, specials, [&out](std::string_view stretch) { out += "[" + std::string(stretch) + "]"; },
      [&out](char c) { out += std::string("<") + c + ">"; });
    return out;
  };
  CHECK(split("", "\\\n") == "[]");
  CHECK(split("abc", "\\\n") == "[abc]");
  CHECK(split("\\x0a1b", "\\\n\r\t") == "[]<\\>[x0a1b]");
  CHECK(split("a\nb\\\\c\n", "\\\n") == "[a]<\n>[b]<\\>[]<\\>[c]<\n>[]");
  CHECK(split("\t\r\t", "\\\n\r\t") == "[]<\t>[]<\r>[]<\t>[]");
  CHECK(split("q\"x\"", "\"\\") == "[q]<\">[x]<\">[]");
}

TEST_CASE("parse_pg_name_array reads PostgreSQL's text form of a name array", "[util]")
{
  using Names = std::vector<std::string>;
  CHECK(parse_pg_name_array("{}") == Names{});
  CHECK(parse_pg_name_array("{job_id}") == Names{"job_id"});
  CHECK(parse_pg_name_array("{source_fragment_id,target_fragment_id}") == Names{"source_fragment_id", "target_fragment_id"});
  CHECK(parse_pg_name_array("{\"my col\",b}") == Names{"my col", "b"});
  CHECK(parse_pg_name_array("{\"a,b\",\"q\\\"x\"}") == Names{"a,b", "q\"x"});
  CHECK(parse_pg_name_array("{\"\"}") == Names{""});
}

TEST_CASE("pg_text_array quotes every element as PostgreSQL's array input wants", "[util]")
{
  using Names = std::vector<std::string>;
  CHECK(pg_text_array({}) == "{}");
  CHECK(pg_text_array({"fragment", "table"}) == "{\"fragment\",\"table\"}");
  CHECK(pg_text_array({"q\"x", "b\\s", "a,b", "{c}", ""}) == "{\"q\\\"x\",\"b\\\\s\",\"a,b\",\"{c}\",\"\"}");
  // PostgreSQL writes arrays back with the same escapes, so the round trip is exact.
  const Names hostile{"q\"x", "b\\s", "a,b", "{c}", "", "NULL", " padded "};
  CHECK(parse_pg_name_array(pg_text_array(hostile)) == hostile);
}

TEST_CASE("durations for --stuck-after", "[util]")
{
  int seconds = 0;
  CHECK(rwdoctor::util::parse_duration_seconds("90s", seconds));
  CHECK(seconds == 90);
  CHECK(rwdoctor::util::parse_duration_seconds("30min", seconds));
  CHECK(seconds == 1800);
  CHECK(rwdoctor::util::parse_duration_seconds("30m", seconds));
  CHECK(seconds == 1800);
  CHECK(rwdoctor::util::parse_duration_seconds("45", seconds));
  CHECK(seconds == 2700);
  CHECK(rwdoctor::util::parse_duration_seconds("2h", seconds));
  CHECK(seconds == 7200);
  seconds = 7;
  for (const char* bad : {"", "h", "0", "0s", "-5m", "+5m", "5 m", "5d", "5mins", "1.5h", "596524h", "99999999999"}) {
    INFO(bad);
    CHECK_FALSE(rwdoctor::util::parse_duration_seconds(bad, seconds));
  }
  CHECK(seconds == 7);
}

TEST_CASE("explanations are filled to the terminal's width", "[util]")
{
  const std::string prose = "RisingWave renders an ensemble from\nits entry fragments and assumes:\n"
                            "* the component is acyclic (a component without entries is dropped, so its\n"
                            "fragments are never rendered);\n* all its fragments are in one database.\n"
                            "Such graphs come from hand-edited rows. What to do: restore.";
  const auto filled = rwdoctor::util::fill_prose(prose, 40);
  CHECK(filled == "RisingWave renders an ensemble from its\n"
                  "entry fragments and assumes:\n"
                  "* the component is acyclic (a component\n"
                  "  without entries is dropped, so its\n"
                  "  fragments are never rendered);\n"
                  "* all its fragments are in one database.\n"
                  "Such graphs come from hand-edited rows.\n"
                  "What to do: restore.\n");
  for (std::size_t start = 0; start < filled.size();) {
    const auto end = filled.find('\n', start);
    CHECK(end - start <= 40);
    start = end + 1;
  }
  CHECK(rwdoctor::util::fill_prose("", 80).empty());
  CHECK(rwdoctor::util::fill_prose("a_word_longer_than_the_width here", 10) == "a_word_longer_than_the_width\nhere\n");
}

TEST_CASE("to_lower lowers ASCII only", "[util]")
{
  CHECK(rwdoctor::util::to_lower("TABLE") == "table");
  CHECK(rwdoctor::util::to_lower("Materialized View 2") == "materialized view 2");
  CHECK(rwdoctor::util::to_lower("") == "");
  CHECK(rwdoctor::util::to_lower("\xc3\x84") == "\xc3\x84");
}
