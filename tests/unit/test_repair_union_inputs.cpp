#include "repair/union_inputs.hpp"
#include "util/text.hpp"

#include <catch2/catch.hpp>
#include <google/protobuf/unknown_field_set.h>

using namespace rwdoctor;

namespace {

std::string
from_hex(std::string_view hex)
{
  std::string bytes;
  REQUIRE(util::decode_bytea_hex(std::string("\\x") + std::string(hex), bytes));
  return bytes;
}

// The demo's MVIEW fragment 11 of table order_archive before v2.7: Materialize over a Union of
// a Merge from its DML fragment 10 and a Merge from sink 31's fragment 12.
const char* const k_fragment_11 =
  "081a1201001abe0208191201001a6a081712010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a04"
  "08022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174fa06"
  "04100a18011a6a081812010092010b53747265616d4d657267659a01100a040803200112086f726465725f69649a01130a0408022001120b6375"
  "73746f6d65725f69649a010e0a04080820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174fa0604100c180192010b"
  "53747265616d556e696f6e9a01100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a0408"
  "0820011206616d6f756e749a01130a04080d2001120b61726368697665645f6174b2070092011153747265616d4d6174657269616c697a659a01"
  "100a040803200112086f726465725f69649a01130a0408022001120b637573746f6d65725f69649a010e0a04080820011206616d6f756e749a01"
  "130a04080d2001120b61726368697665645f6174ba060a081e1206120408011001";

std::string
serialized(const google::protobuf::UnknownFieldSet& fields)
{
  std::string bytes;
  fields.SerializeToString(&bytes);
  return bytes;
}

std::string
merge_from(int fragment)
{
  google::protobuf::UnknownFieldSet merge;
  merge.AddVarint(2, static_cast<std::uint64_t>(fragment));
  google::protobuf::UnknownFieldSet node;
  node.AddVarint(1, 7);
  node.AddLengthDelimited(111, serialized(merge));
  return serialized(node);
}

} // namespace

TEST_CASE("a dropped sink's Merge leaves the table's Union, everything else stays byte for byte", "[repair]")
{
  const auto plan = from_hex(k_fragment_11);
  CHECK(repair::union_merge_upstreams(plan) == std::set<int>{10, 12});

  const auto without_sink = repair::remove_union_inputs(plan, {12});
  REQUIRE(without_sink);
  CHECK(repair::union_merge_upstreams(*without_sink) == std::set<int>{10});
  // The sink's Merge input is 106 bytes plus its tag and length; the outer lengths shrink too.
  CHECK(without_sink->size() <= plan.size() - 108);
  CHECK(repair::remove_union_inputs(*without_sink, {12}) == std::nullopt);

  CHECK(repair::remove_union_inputs(plan, {99}) == std::nullopt);
  CHECK(repair::remove_union_inputs(plan, {}) == std::nullopt);
  // Removing both inputs leaves an empty Union, as RisingWave's recovery would.
  const auto empty = repair::remove_union_inputs(plan, {10, 12});
  REQUIRE(empty);
  CHECK(repair::union_merge_upstreams(*empty).empty());
}

TEST_CASE("a Merge under a Project is a Union input too; Merges outside a Union stay", "[repair]")
{
  google::protobuf::UnknownFieldSet project;
  project.AddLengthDelimited(3, merge_from(12));
  project.AddLengthDelimited(124, "");
  google::protobuf::UnknownFieldSet union_node;
  union_node.AddLengthDelimited(3, merge_from(10));
  union_node.AddLengthDelimited(3, serialized(project));
  union_node.AddLengthDelimited(118, "");
  google::protobuf::UnknownFieldSet root; // a Materialize over the Union, and a lone Merge elsewhere
  root.AddLengthDelimited(3, serialized(union_node));
  root.AddLengthDelimited(3, merge_from(12));
  const auto plan = serialized(root);

  CHECK(repair::union_merge_upstreams(plan) == std::set<int>{10, 12});
  const auto rewritten = repair::remove_union_inputs(plan, {12});
  REQUIRE(rewritten);
  CHECK(repair::union_merge_upstreams(*rewritten) == std::set<int>{10});
  // the Merge from 12 outside the Union is still there
  CHECK(rewritten->find(merge_from(12)) != std::string::npos);
}

TEST_CASE("bytes that are not protobuf are left alone", "[repair][bad-input]")
{
  for (const auto& bad : {std::string("\x0a\x0a\x01\x02", 4), std::string("\xff\xff\xff", 3)}) {
    CHECK(repair::union_merge_upstreams(bad).empty());
    CHECK(repair::remove_union_inputs(bad, {12}) == std::nullopt);
  }
  // a Union input that is truncated protobuf
  google::protobuf::UnknownFieldSet union_node;
  union_node.AddLengthDelimited(3, std::string("\x0a\x0a\x01", 3));
  union_node.AddLengthDelimited(118, "");
  CHECK(repair::remove_union_inputs(serialized(union_node), {12}) == std::nullopt);
}
