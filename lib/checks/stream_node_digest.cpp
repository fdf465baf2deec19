#include "checks/stream_node_digest.hpp"

#include "proto/stream_plan.pb.h"

#include <algorithm>
#include <climits>

namespace rwdoctor::checks {

namespace {

void
add_state_table(bool present, const stream_plan::TableRef& table, StreamNodeDigest& digest)
{
  if (present) {
    digest.objects.push_back(NodeObject{NodeObjectKind::state_table, static_cast<int>(table.id())});
  }
}

void
visit(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  if (node.has_merge()) {
    digest.merges.push_back(
      MergeInput{static_cast<int>(node.merge().upstream_fragment_id()), node.merge().upstream_dispatcher_type()});
  } else if (node.has_stream_scan()) {
    const auto& scan = node.stream_scan();
    ScanInput input{scan.stream_scan_type(), static_cast<int>(scan.table_id()), 0};
    for (const auto& child : node.input()) {
      if (child.has_merge()) {
        input.upstream_fragment_id = static_cast<int>(child.merge().upstream_fragment_id());
        break;
      }
    }
    digest.scans.push_back(input);
    add_state_table(scan.has_state_table(), scan.state_table(), digest);
  } else if (node.has_materialize()) {
    digest.objects.push_back(
      NodeObject{NodeObjectKind::materialized_table, static_cast<int>(node.materialize().table_id())});
  } else if (node.has_source() && node.source().has_source_inner()) {
    const auto& source = node.source().source_inner();
    digest.objects.push_back(NodeObject{NodeObjectKind::source, static_cast<int>(source.source_id())});
    add_state_table(source.has_state_table(), source.state_table(), digest);
  } else if (node.has_source_backfill()) {
    const auto& backfill = node.source_backfill();
    digest.objects.push_back(NodeObject{NodeObjectKind::backfill_source, static_cast<int>(backfill.upstream_source_id())});
    add_state_table(backfill.has_state_table(), backfill.state_table(), digest);
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
  for (const auto& scan : digest->scans) {
    m_scans.push_back(Scan{fragment_id, scan});
  }
  for (const auto& object : digest->objects) {
    m_objects.push_back(Object{fragment_id, object});
  }
  return true;
}

namespace {

// Sorts entries by fragment id, keeping each fragment's entries in plan order.
template <typename Entry>
void
sort_by_fragment(std::vector<Entry>& entries)
{
  std::stable_sort(entries.begin(), entries.end(),
                   [](const Entry& a, const Entry& b) { return a.fragment_id < b.fragment_id; });
  entries.shrink_to_fit();
}

// Appends `member` of each entry of `fragment_id` to `out`.
template <typename Entry, typename Value>
void
collect(const std::vector<Entry>& entries, int fragment_id, Value Entry::*member, std::vector<Value>& out)
{
  auto entry = std::lower_bound(entries.begin(), entries.end(), fragment_id,
                                [](const Entry& candidate, int id) { return candidate.fragment_id < id; });
  for (; entry != entries.end() && entry->fragment_id == fragment_id; ++entry) {
    out.push_back((*entry).*member);
  }
}

} // namespace

void
StreamNodeDigests::mark_complete()
{
  sort_by_fragment(m_merges);
  sort_by_fragment(m_scans);
  sort_by_fragment(m_objects);
  m_complete = true;
}

StreamNodeDigest
StreamNodeDigests::find(int fragment_id) const
{
  StreamNodeDigest digest;
  collect(m_merges, fragment_id, &Merge::input, digest.merges);
  collect(m_scans, fragment_id, &Scan::scan, digest.scans);
  collect(m_objects, fragment_id, &Object::object, digest.objects);
  return digest;
}

} // namespace rwdoctor::checks
