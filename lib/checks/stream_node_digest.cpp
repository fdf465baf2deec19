#include "checks/stream_node_digest.hpp"

#include "proto/stream_plan.pb.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <utility>
#include <vector>

namespace rwdoctor::checks {

namespace {

// The tables a node carries, as RisingWave's visit_stream_node_tables_inner lists them
// (src/common/src/util/stream_graph_visitor.rs, the same list from v2.0 to HEAD but for the
// nodes later releases added): each becomes a state_table object, in RisingWave's order.
void
add_state_table(bool present, const stream_plan::TableRef& table, StreamNodeDigest& digest)
{
  if (present) {
    digest.objects.push_back(NodeObject{NodeObjectKind::state_table, static_cast<int>(table.id())});
  }
}

// A node whose one table is its `state_table`.
template <typename Body>
void
add_state_table_of(const Body& body, StreamNodeDigest& digest)
{
  add_state_table(body.has_state_table(), body.state_table(), digest);
}

// A node whose one table is its `table`.
template <typename Body>
void
add_table_of(const Body& body, StreamNodeDigest& digest)
{
  add_state_table(body.has_table(), body.table(), digest);
}

// A dynamic filter or AsOf join: a table per side.
template <typename Body>
void
add_sides_of(const Body& body, StreamNodeDigest& digest)
{
  add_state_table(body.has_left_table(), body.left_table(), digest);
  add_state_table(body.has_right_table(), body.right_table(), digest);
}

void
add_hash_join_tables(const stream_plan::HashJoinNode& join, StreamNodeDigest& digest)
{
  add_state_table(join.has_left_table(), join.left_table(), digest);
  add_state_table(join.has_left_degree_table(), join.left_degree_table(), digest);
  add_state_table(join.has_right_table(), join.right_table(), digest);
  add_state_table(join.has_right_degree_table(), join.right_degree_table(), digest);
}

// A hash or simple aggregation: its intermediate state, the materialized input of each call
// that keeps one, and a dedup table per distinct column (in column order, as RisingWave visits
// them; a map's own order is unspecified).
void
add_agg_tables(const stream_plan::AggNode& agg, StreamNodeDigest& digest)
{
  add_state_table(agg.has_intermediate_state_table(), agg.intermediate_state_table(), digest);
  for (const auto& call : agg.agg_call_states()) {
    if (call.has_materialized_input_state()) {
      const auto& input = call.materialized_input_state();
      add_state_table(input.has_table(), input.table(), digest);
    }
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> dedup; // (distinct column, table id)
  for (const auto& [column, table] : agg.distinct_dedup_tables()) {
    dedup.emplace_back(column, table.id());
  }
  std::sort(dedup.begin(), dedup.end());
  for (const auto& entry : dedup) {
    digest.objects.push_back(NodeObject{NodeObjectKind::state_table, static_cast<int>(entry.second)});
  }
}

// The nodes that read, write or log beside the operators: CDC and file scans, sinks,
// arrangements, log stores, index writers and locality providers.
void
add_io_tables(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  switch (node.node_body_case()) {
  case stream_plan::StreamNode::kStreamCdcScan:
    add_state_table_of(node.stream_cdc_scan(), digest);
    break;
  case stream_plan::StreamNode::kStreamFsFetch:
    add_state_table_of(node.stream_fs_fetch().node_inner(), digest);
    break;
  case stream_plan::StreamNode::kSink:
    add_table_of(node.sink(), digest);
    break;
  case stream_plan::StreamNode::kArrange:
    add_table_of(node.arrange(), digest);
    break;
  case stream_plan::StreamNode::kSyncLogStore:
    add_state_table(node.sync_log_store().has_log_store_table(), node.sync_log_store().log_store_table(), digest);
    break;
  case stream_plan::StreamNode::kVectorIndexWrite:
    add_table_of(node.vector_index_write(), digest);
    break;
  case stream_plan::StreamNode::kLocalityProvider:
    add_state_table_of(node.locality_provider(), digest);
    add_state_table(node.locality_provider().has_progress_table(), node.locality_provider().progress_table(),
                    digest);
    break;
  case stream_plan::StreamNode::kIcebergWithPkIndexWriter:
    add_state_table(node.iceberg_with_pk_index_writer().has_pk_index_table(),
                    node.iceberg_with_pk_index_writer().pk_index_table(), digest);
    break;
  default:
    break;
  }
}

// Windows, sorts, gap fills and the like, which keep one or two tables each.
void
add_window_tables(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  switch (node.node_body_case()) {
  case stream_plan::StreamNode::kSort:
    add_state_table_of(node.sort(), digest);
    break;
  case stream_plan::StreamNode::kOverWindow:
    add_state_table_of(node.over_window(), digest);
    break;
  case stream_plan::StreamNode::kEowcOverWindow:
    add_state_table_of(node.eowc_over_window(), digest);
    add_state_table(node.eowc_over_window().has_intermediate_state_table(),
                    node.eowc_over_window().intermediate_state_table(), digest);
    break;
  case stream_plan::StreamNode::kWatermarkFilter:
    for (const auto& table : node.watermark_filter().tables()) {
      add_state_table(true, table, digest);
    }
    break;
  case stream_plan::StreamNode::kNow:
    add_state_table_of(node.now(), digest);
    break;
  case stream_plan::StreamNode::kGapFill:
    add_state_table_of(node.gap_fill(), digest);
    break;
  case stream_plan::StreamNode::kEowcGapFill:
    add_state_table(node.eowc_gap_fill().has_buffer_table(), node.eowc_gap_fill().buffer_table(), digest);
    add_state_table(node.eowc_gap_fill().has_prev_row_table(), node.eowc_gap_fill().prev_row_table(), digest);
    break;
  default:
    add_io_tables(node, digest);
    break;
  }
}

// Joins, aggregations, top-N, dedup and the other stateful operators.
void
add_operator_tables(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  switch (node.node_body_case()) {
  case stream_plan::StreamNode::kHashJoin:
    add_hash_join_tables(node.hash_join(), digest);
    break;
  case stream_plan::StreamNode::kTemporalJoin:
    add_state_table(node.temporal_join().has_memo_table(), node.temporal_join().memo_table(), digest);
    break;
  case stream_plan::StreamNode::kDynamicFilter:
    add_sides_of(node.dynamic_filter(), digest);
    break;
  case stream_plan::StreamNode::kAsOfJoin:
    add_sides_of(node.as_of_join(), digest);
    break;
  case stream_plan::StreamNode::kHashAgg:
    add_agg_tables(node.hash_agg(), digest);
    break;
  case stream_plan::StreamNode::kSimpleAgg:
    add_agg_tables(node.simple_agg(), digest);
    break;
  case stream_plan::StreamNode::kGlobalApproxPercentile:
    add_state_table(node.global_approx_percentile().has_bucket_state_table(),
                    node.global_approx_percentile().bucket_state_table(), digest);
    add_state_table(node.global_approx_percentile().has_count_state_table(),
                    node.global_approx_percentile().count_state_table(), digest);
    break;
  case stream_plan::StreamNode::kAppendOnlyTopN:
    add_table_of(node.append_only_top_n(), digest);
    break;
  case stream_plan::StreamNode::kTopN:
    add_table_of(node.top_n(), digest);
    break;
  case stream_plan::StreamNode::kGroupTopN:
    add_table_of(node.group_top_n(), digest);
    break;
  case stream_plan::StreamNode::kAppendOnlyGroupTopN:
    add_table_of(node.append_only_group_top_n(), digest);
    break;
  case stream_plan::StreamNode::kAppendOnlyDedup:
    add_state_table_of(node.append_only_dedup(), digest);
    break;
  case stream_plan::StreamNode::kMaterializedExprs:
    add_state_table_of(node.materialized_exprs(), digest);
    break;
  default:
    add_window_tables(node, digest);
    break;
  }
}

void
add_scan(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  const auto& scan = node.stream_scan();
  ScanInput input{scan.stream_scan_type(), static_cast<int>(scan.table_id()), 0};
  for (const auto& child : node.input()) {
    if (child.has_merge()) {
      input.upstream_fragment_id = static_cast<int>(child.merge().upstream_fragment_id());
      break;
    }
  }
  digest.scans.push_back(input);
  add_state_table_of(scan, digest);
}

// The Materialize's own table (the job's), then the tables a refreshable table adds.
void
add_materialize(const stream_plan::MaterializeNode& materialize, StreamNodeDigest& digest)
{
  digest.objects.push_back(NodeObject{NodeObjectKind::materialized_table, static_cast<int>(materialize.table_id())});
  add_state_table(materialize.has_staging_table(), materialize.staging_table(), digest);
  add_state_table(materialize.has_refresh_progress_table(), materialize.refresh_progress_table(), digest);
}

void
visit(const stream_plan::StreamNode& node, StreamNodeDigest& digest)
{
  if (node.has_merge()) {
    digest.merges.push_back(
      MergeInput{static_cast<int>(node.merge().upstream_fragment_id()), node.merge().upstream_dispatcher_type()});
  } else if (node.has_stream_scan()) {
    add_scan(node, digest);
  } else if (node.has_materialize()) {
    add_materialize(node.materialize(), digest);
  } else if (node.has_source()) {
    if (node.source().has_source_inner()) {
      const auto& source = node.source().source_inner();
      digest.objects.push_back(NodeObject{NodeObjectKind::source, static_cast<int>(source.source_id())});
      add_state_table_of(source, digest);
    }
  } else if (node.has_source_backfill()) {
    const auto& backfill = node.source_backfill();
    digest.objects.push_back(NodeObject{NodeObjectKind::backfill_source, static_cast<int>(backfill.upstream_source_id())});
    add_state_table_of(backfill, digest);
  } else {
    add_operator_tables(node, digest);
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
