#include "checks/stream_node_digest.hpp"

#include "proto/stream_plan.pb.h"

#include <algorithm>
#include <climits>

namespace rwdoctor::checks {

namespace {

void
visit(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  if (node.has_merge()) {
    digest.merges.push_back(
      MergeInput{static_cast<int>(node.merge().upstream_fragment_id()), node.merge().upstream_dispatcher_type()});
  } else if (node.has_stream_scan()) {
    digest.scan_types.push_back(node.stream_scan().stream_scan_type());
  }
  for (const auto& input : node.input()) {
    visit(input, digest);
  }
}

} // namespace

std::optional<StreamNodeDigest>
digest_stream_node(std::string_view bytes)
{
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    return std::nullopt;
  }
  stream_plan::StreamNode root;
  if (!root.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return std::nullopt;
  }
  StreamNodeDigest digest;
  visit(root, digest);
  return digest;
}

bool
StreamNodeDigests::add(int fragment_id, std::string_view bytes)
{
  const auto digest = digest_stream_node(bytes);
  if (!digest) {
    return false;
  }
  for (const auto& merge : digest->merges) {
    m_merges.push_back(Merge{fragment_id, merge});
  }
  for (const auto type : digest->scan_types) {
    m_scans.push_back(Scan{fragment_id, type});
  }
  return true;
}

void
StreamNodeDigests::mark_complete()
{
  // Stable: a fragment's Merges keep their order in the plan.
  std::stable_sort(m_merges.begin(), m_merges.end(),
                   [](const Merge& a, const Merge& b) { return a.fragment_id < b.fragment_id; });
  std::stable_sort(m_scans.begin(), m_scans.end(),
                   [](const Scan& a, const Scan& b) { return a.fragment_id < b.fragment_id; });
  m_merges.shrink_to_fit();
  m_scans.shrink_to_fit();
  m_complete = true;
}

StreamNodeDigest
StreamNodeDigests::find(int fragment_id) const
{
  StreamNodeDigest digest;
  auto merge = std::lower_bound(m_merges.begin(), m_merges.end(), fragment_id,
                                [](const Merge& entry, int id) { return entry.fragment_id < id; });
  for (; merge != m_merges.end() && merge->fragment_id == fragment_id; ++merge) {
    digest.merges.push_back(merge->input);
  }
  auto scan = std::lower_bound(m_scans.begin(), m_scans.end(), fragment_id,
                               [](const Scan& entry, int id) { return entry.fragment_id < id; });
  for (; scan != m_scans.end() && scan->fragment_id == fragment_id; ++scan) {
    digest.scan_types.push_back(scan->scan_type);
  }
  return digest;
}

} // namespace rwdoctor::checks
