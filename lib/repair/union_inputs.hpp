// Rewrites a fragment's stream plan (a serialized stream_plan.StreamNode) after the fragments
// that feed it were dropped, as RisingWave's recovery does for a table whose incoming sink is
// gone (clean_dirty_sink_downstreams in controller/catalog/util.rs, up to v2.6). Pure: bytes in,
// bytes out, read and written with libprotobuf's UnknownFieldSet, so no schema is needed and
// every field this code does not touch is written back exactly as it was.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace rwdoctor::repair {

// The upstream fragment ids of the Merge inputs of the Union nodes of `stream_node` (at any
// depth; also a Merge under a single-input node such as a Project); empty when the bytes are
// not well-formed protobuf.
std::set<int> union_merge_upstreams(std::string_view stream_node);

// `stream_node` without the inputs of its Union nodes (at any depth) that read from one of
// `gone_fragments`: a Merge node whose upstream_fragment_id is one of them, or a node whose
// only input is such a Merge (a Project over the sink's Merge, v2.4 to v2.6). nullopt when no
// input was removed or the bytes are not well-formed protobuf.
std::optional<std::string> remove_union_inputs(std::string_view stream_node, const std::set<int>& gone_fragments);

} // namespace rwdoctor::repair
