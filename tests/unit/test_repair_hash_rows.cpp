#include "repair/change_set.hpp"
#include "util/sha256.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using rwdoctor::db::CapturedTable;

namespace {

// The definition hash_rows streams: the compact JSON document of every table, hashed whole.
std::string
hash_of_document(const std::vector<CapturedTable>& tables)
{
  nlohmann::json document = nlohmann::json::array();
  for (const auto& table : tables) {
    nlohmann::json values = nlohmann::json::array();
    for (const auto& row : table.rows) {
      nlohmann::json row_json = nlohmann::json::array();
      for (const auto& value : row) {
        row_json.push_back(value ? nlohmann::json(*value) : nlohmann::json(nullptr));
      }
      values.push_back(std::move(row_json));
    }
    document.push_back({{"table", table.table}, {"columns", table.columns}, {"rows", values}});
  }
  return "sha256:" + rwdoctor::util::sha256_hex(document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

CapturedTable
table(std::string name, std::vector<std::string> columns, std::vector<std::vector<std::optional<std::string>>> rows)
{
  CapturedTable captured;
  captured.table = std::move(name);
  captured.columns = std::move(columns);
  captured.types.assign(captured.columns.size(), "text");
  captured.rows = std::move(rows);
  return captured;
}

} // namespace

TEST_CASE("sha256 of pieces equals sha256 of the whole", "[sha256]")
{
  rwdoctor::util::Sha256 digest;
  digest.update("ab");
  digest.update("");
  digest.update("c");
  CHECK(digest.finish_hex() == rwdoctor::util::sha256_hex("abc"));
  CHECK(rwdoctor::util::sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST_CASE("hash_rows hashes the rows' JSON document without building it", "[hash_rows]")
{
  SECTION("no tables")
  {
    CHECK(rwdoctor::repair::hash_rows({}) == hash_of_document({}));
  }
  SECTION("empty tables, nulls, escapes, unicode and bytes that are not UTF-8")
  {
    const std::vector<CapturedTable> tables = {
      table("object", {"oid", "name"}, {{std::string("1"), std::nullopt}, {std::string("2"), std::string("say \"hi\"\n")}}),
      table("empty", {"a"}, {}),
      table("fragment", {"fragment_id", "stream_node"},
            {{std::string("7"), std::string("\\x0a0b\\\\")}, {std::string("8"), std::string("\xc3\xa9t\xc3\xa9 \xff\xfe")}}),
      table("quoted \"table\"", {"col\tumn"}, {{std::string("\x01")}}),
      table("printable", {"a", "b", "c"},
            {{std::string("\\x\"q\"\\\\"), std::string("\"\\"), std::string(" ~\x7f")}, {std::string(""), std::string("x"), std::nullopt}}),
    };
    CHECK(rwdoctor::repair::hash_rows(tables) == hash_of_document(tables));
  }
  SECTION("a change in one value changes the hash")
  {
    auto tables = std::vector<CapturedTable>{table("object", {"oid"}, {{std::string("1")}, {std::string("2")}})};
    const auto before = rwdoctor::repair::hash_rows(tables);
    tables[0].rows[1][0] = std::nullopt;
    CHECK(rwdoctor::repair::hash_rows(tables) != before);
    CHECK(rwdoctor::repair::hash_rows(tables) == hash_of_document(tables));
  }
}
