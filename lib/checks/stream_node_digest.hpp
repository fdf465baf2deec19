// What stream-node-mismatch needs from a fragment's stream_node plan: its Merge inputs, its
// StreamScans (type and upstream table), the table its Materialize writes, the sources its
// Source and SourceBackfill nodes read and every state table its nodes keep (each node kind of
// RisingWave's visit_stream_node_tables_inner), decoded with rwdoctor's own subset of
// RisingWave's stream_plan.proto (lib/proto). Filled by blob-malformed's scan of
// fragment.stream_node when both checks run, so the plans are read once; otherwise
// stream-node-mismatch reads them itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace rwdoctor::checks {

// RisingWave's DispatcherType values (proto/stream_plan.proto).
enum class DispatcherType : std::int32_t { unspecified = 0, hash = 1, broadcast = 2, simple = 3, no_shuffle = 4 };

struct MergeInput
{
  int upstream_fragment_id = 0;
  std::int32_t dispatcher_type = 0; // DispatcherType; kept as read
};

struct ScanInput
{
  std::int32_t scan_type = 0;   // StreamScanNode.stream_scan_type; kept as read
  int table_id = 0;             // the upstream table the StreamScan reads
  int upstream_fragment_id = 0; // the fragment its Merge input reads from; 0 without one
};

// Which object a node names besides its inputs: the table a Materialize writes, a state table a
// node keeps (its catalog.Table's id), the source a Source node or a SourceBackfill node reads.
enum class NodeObjectKind : std::int32_t { materialized_table = 0, state_table = 1, source = 2, backfill_source = 3 };

struct NodeObject
{
  NodeObjectKind kind = NodeObjectKind::materialized_table;
  int id = 0;
};

struct StreamNodeDigest
{
  std::vector<MergeInput> merges;
  std::vector<ScanInput> scans;
  std::vector<NodeObject> objects;
};

// The digest of one stream_node value, or nullopt when it does not decode as a StreamNode
// (blob-malformed reports bytes that are not protobuf; a plan nested deeper than protobuf's
// recursion limit is not judged).
std::optional<StreamNodeDigest> digest_stream_node(std::string_view bytes);

// The digests of many fragments, flat (12 bytes per Merge or named object, 16 per StreamScan), so a store with
// hundreds of thousands of fragments costs a few MiB. `complete` is set once every value
// offered has been added: only then may stream-node-mismatch use it instead of reading.
class StreamNodeDigests
{
public:
  // False when `bytes` does not decode as a StreamNode (then nothing is added).
  bool add(int fragment_id, std::string_view bytes);
  // Sorts by fragment id; call once every value has been added.
  void mark_complete();
  bool complete() const { return m_complete; }
  StreamNodeDigest find(int fragment_id) const;

private:
  struct Merge
  {
    int fragment_id;
    MergeInput input;
  };
  struct Scan
  {
    int fragment_id;
    ScanInput scan;
  };
  struct Object
  {
    int fragment_id;
    NodeObject object;
  };
  std::vector<Merge> m_merges;
  std::vector<Scan> m_scans;
  std::vector<Object> m_objects;
  bool m_complete = false;
};

} // namespace rwdoctor::checks
