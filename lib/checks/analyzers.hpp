// Checks that cannot be decided by one set-based query: their query (sql/checks/<id>.sql,
// "kind: analyzer") returns input rows, and a pure C++ analyzer registered here turns them
// into findings. Graph analysis (NO_SHUFFLE ensembles, dependency cycles) works on id pairs.
#pragma once

#include "checks/raw_finding.hpp"
#include "db/rows.hpp"
#include "store/generation.hpp"
#include "store/schema_facts.hpp"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rwdoctor::checks {

class StreamNodeDigests;

// Streams one bytea column (see MetaStoreSession::scan_bytea); an interface so the blob
// analyzer can be unit tested without a server.
class BlobSource
{
public:
  virtual ~BlobSource() = default;
  virtual void scan(const std::string& table, const std::string& key_column, const std::string& column,
                    const std::function<void(int key, std::string_view bytes)>& visit) = 0;
};

struct AnalyzerInput
{
  const db::Rows& rows;                  // the check query's result
  const store::Generation& generation;
  const store::SchemaFacts& facts;
  BlobSource& blobs;
  // fragment.stream_node digests shared by blob-malformed's scan with stream-node-mismatch, or
  // nullptr when the run has no use for them.
  StreamNodeDigests* stream_nodes;
};

using Analyzer = std::function<std::vector<RawFinding>(const AnalyzerInput&)>;

// The analyzer for check `id`, or nullptr.
const Analyzer* find_analyzer(const std::string& id);

// An analyzer whose input is too large to hold whole (one row per job with its fragment graph):
// the check runner reads the query through a cursor and hands it the rows a block at a time, in
// the query's order, then takes the findings. Memory is one block plus what the analyzer keeps.
class StreamingAnalyzer
{
public:
  virtual ~StreamingAnalyzer() = default;
  virtual void take(const db::Rows& block) = 0;
  virtual std::vector<RawFinding> finish() = 0;

  // All of `rows` as one block, then the findings: for callers that hold the whole result
  // (the analyze_* functions below).
  std::vector<RawFinding>
  judge_whole(const db::Rows& rows)
  {
    take(rows);
    return finish();
  }
};

// What a streaming analyzer needs besides its rows (AnalyzerInput without them).
struct StreamingAnalyzerContext
{
  const store::Generation& generation;
  BlobSource& blobs;
  StreamNodeDigests* stream_nodes;
};

using StreamingAnalyzerFactory = std::function<std::unique_ptr<StreamingAnalyzer>(const StreamingAnalyzerContext&)>;

// The streaming analyzer for check `id`, or nullptr (then find_analyzer has it, if any).
const StreamingAnalyzerFactory* find_streaming_analyzer(const std::string& id);

// --- The analyzers, exposed for unit tests ---

// ensemble-invalid (INV-15). Rows: one per NO_SHUFFLE edge with source_/target_ fragment_id,
// job_id, distribution, vnode_count, parallelism, database_id.
std::vector<RawFinding> analyze_ensembles(const db::Rows& rows);
// The same fed a block at a time, in any order (the check runner's way).
std::unique_ptr<StreamingAnalyzer> ensemble_judge();

// dependency-invalid (INV-23). Rows: kind ('edge' for an object_dependency row or 'missing'
// for a cross-job fragment edge without one), oid, used_by, message.
std::vector<RawFinding> analyze_dependencies(const db::Rows& rows);
// The same fed a block at a time, in any order (the check runner's way).
std::unique_ptr<StreamingAnalyzer> dependency_judge();

// foreign-keys-missing (INV-01). Rows: table_name, column_names (comma separated, key
// order), referenced_table, delete_action (pg_constraint.confdeltype).
std::vector<RawFinding> analyze_foreign_keys(const db::Rows& rows, const store::Generation& generation,
                                             const store::SchemaFacts& facts);

// blob-malformed (INV-20): scans every known protobuf column the store has. With `stream_nodes`,
// each well-formed fragment.stream_node is also digested into it for stream-node-mismatch.
std::vector<RawFinding> analyze_blobs(const store::SchemaFacts& facts, BlobSource& blobs,
                                      StreamNodeDigests* stream_nodes = nullptr);

// The same, one column at a time (for scans spread over several connections): the known
// protobuf columns are numbered 0 .. protobuf_column_count() - 1, and analyze_blobs is the
// concatenation of analyze_blob_column over them in that order.
std::size_t protobuf_column_count();
std::vector<RawFinding> analyze_blob_column(std::size_t index, const store::SchemaFacts& facts, BlobSource& blobs,
                                            StreamNodeDigests* stream_nodes = nullptr);

// stream-node-mismatch (INV-26, N9). Rows, one per CREATED or CREATING job: job_id,
// job_status, create_type, typed_edges ('t' when the edges come from fragment_relation),
// fragments ("3<2:HASH,5:NO_SHUFFLE;8<": each fragment with the edges into it; "3<2:,5:" from
// upstream_fragment_id) and plans ("3:\\x0a..;8:\\x..", only in scoped runs; otherwise the
// plans come from `shared` when it is complete, or are read through `blobs`); and one row with
// job_status ALL whose fragments column lists the id of every fragment.
// All rows at once (any order); the check runner streams them through stream_node_judge, which
// needs the catalog rows (job_status ALL, TABLES, SOURCES, ROWLESS) before the job rows.
std::vector<RawFinding> analyze_stream_nodes(const db::Rows& rows, const store::Generation& generation,
                                             BlobSource& blobs, StreamNodeDigests* shared);
std::unique_ptr<StreamingAnalyzer> stream_node_judge(const store::Generation& generation, BlobSource& blobs,
                                                     StreamNodeDigests* shared);

// schema-drift (N8). Rows: kind ('column', 'check', 'exclusion', 'unique', 'trigger'),
// table_name, name, type (format_type of a column, the definition of a constraint, the
// columns of a unique index), not_null and has_default ('t'/'f', columns only).
std::vector<RawFinding> analyze_schema_drift(const db::Rows& rows, const store::Generation& generation);

// split-duplicated (N5). Rows, ordered by fragment_id then actor_id: job_id, fragment_id,
// actor_id (NULL for a fragment's own list, fragment_splits from v2.7) and splits (a
// ConnectorSplits as bytea text). One finding per fragment in which a split id occurs twice.
std::vector<RawFinding> analyze_split_duplicates(const db::Rows& rows);
// The same fed a block at a time, in the query's order (the check runner's way).
std::unique_ptr<StreamingAnalyzer> split_judge();

// One entry of a ConnectorSplits value: the connector (split_type, lower case) and the split
// id RisingWave's SplitMetaData::id() gives it, or nullopt when the connector is not one
// whose id rwdoctor knows or encoded_split is not a version byte 1 and a JSON object.
struct ConnectorSplit
{
  std::string connector;
  std::optional<std::string> id;
};
// The entries of a ConnectorSplits value; empty when the bytes are not well-formed protobuf.
std::vector<ConnectorSplit> decode_connector_splits(std::string_view bytes);

// A ConnectorSplits value with one entry per split id: the entry RisingWave keeps, the last one
// (the scale code collects the list into a BTreeMap by split id, whose collect keeps the last
// of equal keys: src/meta/src/controller/scale.rs:582 @ v2.7.0, :815 @ v2.8.0, :1021 @ v3.0.3, :1017-1024 @ HEAD 448c6570), the others left
// out; every other field and entry (one whose id rwdoctor cannot tell) kept byte for byte in
// its place. nullopt when nothing repeats or the bytes are not well-formed protobuf.
std::optional<std::string> deduplicated_connector_splits(std::string_view bytes);

// Up to v2.6 (actor.splits): the split lists of one fragment's actors, in actor id order, with
// each split id left to the first actor that holds it and left out of every later list (and
// of a later entry of the same list); every other field and entry kept byte for byte. Only the
// actors whose list changes, with their new bytes; a list that is not well-formed protobuf is
// left alone. Which actor keeps a split does not matter to its data: the source executor keeps
// a split's offset in its state table under the split id (SourceStateTableHandler::get and
// set, src/stream/src/executor/source/state_table_handler.rs:82-157 @ v2.0.7, :74-93 @ v2.4.0),
// whichever actor reads it. A split no actor holds any more is assigned by the source
// manager's next tick after the start (reassign_splits: split ids discovered but held by no
// actor go to the actor with the fewest; src/meta/src/stream/source_manager.rs:497-560 @
// v2.0.7, source_manager/split_assignment.rs:446-530 @ v2.4.0, :449-530 @ v2.6.3).
std::map<int, std::string> actor_splits_without_repeats(const std::vector<std::pair<int, std::string>>& actors);

// True when `bytes` is well-formed protobuf wire format (no schema needed).
bool is_wellformed_protobuf(std::string_view bytes);

// True when RisingWave writes `table`.`column` as protobuf: the columns blob-malformed scans.
bool is_protobuf_column(std::string_view table, std::string_view column);

} // namespace rwdoctor::checks
