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
