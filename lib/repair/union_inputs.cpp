#include "repair/union_inputs.hpp"

#include <google/protobuf/unknown_field_set.h>

#include <climits>
#include <cstdint>

namespace rwdoctor::repair {

namespace {

using google::protobuf::UnknownField;
using google::protobuf::UnknownFieldSet;

// Field numbers of proto/stream_plan.proto (the same from v2.0 to HEAD).
constexpr int k_input = 3;                 // StreamNode.input (repeated StreamNode)
constexpr int k_merge = 111;               // StreamNode.node_body.merge (MergeNode)
constexpr int k_union = 118;               // StreamNode.node_body.union (UnionNode)
constexpr int k_upstream_fragment_id = 2;  // MergeNode.upstream_fragment_id

bool
parse(std::string_view bytes, UnknownFieldSet& fields)
{
  return bytes.size() <= static_cast<std::size_t>(INT_MAX)
         && fields.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

bool
has_field(const UnknownFieldSet& fields, int number)
{
  for (int i = 0; i < fields.field_count(); ++i) {
    if (fields.field(i).number() == number) {
      return true;
    }
  }
  return false;
}

// The upstream fragment of `node` when it is a Merge.
std::optional<int>
merge_upstream(const UnknownFieldSet& node)
{
  for (int i = 0; i < node.field_count(); ++i) {
    const auto& field = node.field(i);
    if (field.number() != k_merge || field.type() != UnknownField::TYPE_LENGTH_DELIMITED) {
      continue;
    }
    UnknownFieldSet merge;
    if (!parse(field.length_delimited(), merge)) {
      return std::nullopt;
    }
    std::optional<int> upstream = 0; // proto3: an absent upstream_fragment_id is 0
    for (int j = 0; j < merge.field_count(); ++j) {
      const auto& member = merge.field(j);
      if (member.number() == k_upstream_fragment_id && member.type() == UnknownField::TYPE_VARINT) {
        upstream = member.varint() <= static_cast<std::uint64_t>(INT_MAX)
                     ? std::optional<int>(static_cast<int>(member.varint()))
                     : std::nullopt;
      }
    }
    return upstream;
  }
  return std::nullopt;
}

// The upstream fragment the Union input `node` reads: the Merge itself, or the Merge that is
// the only input of `node`.
std::optional<int>
input_upstream(const UnknownFieldSet& node)
{
  if (const auto upstream = merge_upstream(node)) {
    return upstream;
  }
  const UnknownField* only_input = nullptr;
  for (int i = 0; i < node.field_count(); ++i) {
    if (node.field(i).number() == k_input) {
      if (only_input != nullptr) {
        return std::nullopt;
      }
      only_input = &node.field(i);
    }
  }
  UnknownFieldSet input;
  if (only_input == nullptr || only_input->type() != UnknownField::TYPE_LENGTH_DELIMITED
      || !parse(only_input->length_delimited(), input)) {
    return std::nullopt;
  }
  return merge_upstream(input);
}

// Walks `node`: `visit(input)` is called for each input of each Union and returns true to
// remove it. Rewrites `node` in place and returns true when something below it changed. `ok`
// turns false when a nested input does not parse (the caller then leaves the plan alone).
template <typename Visit>
bool
rewrite(UnknownFieldSet& node, Visit&& visit, bool& ok)
{
  const bool is_union = has_field(node, k_union);
  bool changed = false;
  for (int i = 0; i < node.field_count();) {
    auto* field = node.mutable_field(i);
    if (field->number() != k_input || field->type() != UnknownField::TYPE_LENGTH_DELIMITED) {
      ++i;
      continue;
    }
    UnknownFieldSet input;
    if (!parse(field->length_delimited(), input)) {
      ok = false;
      return false;
    }
    if (is_union && visit(input)) {
      node.DeleteSubrange(i, 1);
      changed = true;
      continue;
    }
    if (rewrite(input, visit, ok)) {
      input.SerializeToString(field->mutable_length_delimited());
      changed = true;
    }
    if (!ok) {
      return false;
    }
    ++i;
  }
  return changed;
}

} // namespace

std::set<int>
union_merge_upstreams(std::string_view stream_node)
{
  std::set<int> upstreams;
  UnknownFieldSet root;
  if (!parse(stream_node, root)) {
    return upstreams;
  }
  bool ok = true;
  rewrite(
    root,
    [&](const UnknownFieldSet& input) {
      if (const auto upstream = input_upstream(input)) {
        upstreams.insert(*upstream);
      }
      return false;
    },
    ok);
  return ok ? upstreams : std::set<int>{};
}

std::optional<std::string>
remove_union_inputs(std::string_view stream_node, const std::set<int>& gone_fragments)
{
  UnknownFieldSet root;
  if (gone_fragments.empty() || !parse(stream_node, root)) {
    return std::nullopt;
  }
  bool ok = true;
  const auto reads_gone = [&](const UnknownFieldSet& input) {
    const auto upstream = input_upstream(input);
    return upstream && gone_fragments.count(*upstream) != 0;
  };
  if (!rewrite(root, reads_gone, ok) || !ok) {
    return std::nullopt;
  }
  std::string bytes;
  root.SerializeToString(&bytes);
  return bytes;
}

} // namespace rwdoctor::repair
