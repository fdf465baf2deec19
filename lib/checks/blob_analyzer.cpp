// blob-malformed (INV-20): RisingWave decodes every protobuf column with
// `prost::Message::decode(..).unwrap()` (src/meta/model/src/lib.rs), so one corrupt value
// panics the meta node wherever it is read; for fragment.stream_node that is every recovery.
// Without RisingWave's .proto files the wire format itself is validated: tags, varints and
// length prefixes must be consistent (libprotobuf's UnknownFieldSet).
#include "checks/analyzers.hpp"
#include "checks/stream_node_digest.hpp"

#include <fmt/format.h>
#include <google/protobuf/unknown_field_set.h>

#include <algorithm>
#include <climits>

namespace rwdoctor::checks {

namespace {

enum class Subject { fragment, object, none };

struct ProtobufColumn
{
  std::string_view table;
  std::string_view key_column;
  std::string_view column;
  Subject subject;
};

// Every bytea column RisingWave writes as protobuf (rw-meta-schema.md §2.3). Columns that
// hold other bytes (secret.value, function.compressed_binary, pending_sink_state.metadata,
// cdc split bounds) are left out on purpose.
const std::vector<ProtobufColumn>&
protobuf_columns()
{
  static const std::vector<ProtobufColumn> columns = {
    {"fragment", "fragment_id", "stream_node", Subject::fragment},
    {"fragment_splits", "fragment_id", "splits", Subject::fragment},
    {"fragment_relation", "source_fragment_id", "output_type_mapping", Subject::fragment},
    {"actor", "fragment_id", "splits", Subject::fragment},
    {"actor", "fragment_id", "vnode_bitmap", Subject::fragment},
    {"actor", "fragment_id", "expr_context", Subject::fragment},
    {"table", "table_id", "columns", Subject::object},
    {"table", "table_id", "pk", Subject::object},
    {"table", "table_id", "cardinality", Subject::object},
    {"table", "table_id", "version", Subject::object},
    {"table", "table_id", "webhook_info", Subject::object},
    {"table", "table_id", "vector_index_info", Subject::object},
    {"source", "source_id", "columns", Subject::object},
    {"source", "source_id", "source_info", Subject::object},
    {"source", "source_id", "watermark_descs", Subject::object},
    {"source", "source_id", "secret_ref", Subject::object},
    {"source", "source_id", "refresh_mode", Subject::object},
    {"sink", "sink_id", "columns", Subject::object},
    {"sink", "sink_id", "plan_pk", Subject::object},
    {"sink", "sink_id", "sink_format_desc", Subject::object},
    {"sink", "sink_id", "secret_ref", Subject::object},
    {"sink", "sink_id", "original_target_columns", Subject::object},
    {"index", "index_id", "index_items", Subject::object},
    {"index", "index_id", "index_column_properties", Subject::object},
    {"view", "view_id", "columns", Subject::object},
    {"function", "function_id", "arg_types", Subject::object},
    {"function", "function_id", "return_type", Subject::object},
    {"connection", "connection_id", "info", Subject::object},
    {"connection", "connection_id", "params", Subject::object},
    {"pending_sink_state", "sink_id", "schema_change", Subject::object},
    {"user", "user_id", "auth_info", Subject::none},
    // Decoded by the meta node at every start (the version deltas it replays) and by rwdoctor's
    // Hummock state grades (all three).
    {"hummock_version_delta", "id", "full_version_delta", Subject::none},
    {"hummock_time_travel_version", "version_id", "version", Subject::none},
    {"hummock_time_travel_delta", "version_id", "version_delta", Subject::none},
  };
  return columns;
}

} // namespace

bool
is_wellformed_protobuf(std::string_view bytes)
{
  if (bytes.size() > static_cast<std::size_t>(INT_MAX)) {
    return false;
  }
  google::protobuf::UnknownFieldSet fields;
  return fields.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()));
}

bool
is_protobuf_column(std::string_view table, std::string_view column)
{
  const auto& columns = protobuf_columns();
  return std::any_of(columns.begin(), columns.end(), [&](const ProtobufColumn& known) {
    return known.table == table && known.column == column;
  });
}

std::size_t
protobuf_column_count()
{
  return protobuf_columns().size();
}

std::vector<RawFinding>
analyze_blob_column(std::size_t index, const store::SchemaFacts& facts, BlobSource& blobs,
                    StreamNodeDigests* stream_nodes)
{
  std::vector<RawFinding> findings;
  const auto& column = protobuf_columns().at(index);
  if (!facts.has(fmt::format("{}.{}", column.table, column.column))) {
    return findings;
  }
  // The plans are digested during this read, so stream-node-mismatch does not read them again.
  // A plan that decodes as a StreamNode is well-formed protobuf (the parser checks every tag
  // and length, skipping what it does not know), so it is parsed once; only one that does not
  // decode is tested on its own (it may be well-formed all the same: too deep, say).
  if (column.table != "fragment" || column.column != "stream_node") {
    stream_nodes = nullptr;
  }
  blobs.scan(std::string(column.table), std::string(column.key_column), std::string(column.column),
             [&](int key, std::string_view bytes) {
               if ((stream_nodes != nullptr && stream_nodes->add(key, bytes)) || is_wellformed_protobuf(bytes)) {
                 return;
               }
               RawFinding finding;
               if (column.subject == Subject::fragment) {
                 finding.fragment_id = key;
               } else if (column.subject == Subject::object) {
                 finding.object_id = key;
               }
               finding.message = fmt::format("{} of {} {} is not well-formed protobuf ({} bytes)", column.column,
                                             column.table, key, bytes.size());
               if (column.table == "hummock_time_travel_version" || column.table == "hummock_time_travel_delta") {
                 // Read only by time-travel queries and by rwdoctor's state grades, which lose the
                 // evidence it held: not a crash at start.
                 finding.severity = Severity::warning;
                 finding.consequence = Consequence::silent;
                 finding.message += ": rwdoctor's Hummock state grades skip it, so they may say unknown";
               }
               findings.push_back(std::move(finding));
             });
  if (stream_nodes != nullptr) {
    stream_nodes->mark_complete();
  }
  return findings;
}

std::vector<RawFinding>
analyze_blobs(const store::SchemaFacts& facts, BlobSource& blobs, StreamNodeDigests* stream_nodes)
{
  std::vector<RawFinding> findings;
  for (std::size_t index = 0; index < protobuf_column_count(); ++index) {
    auto found = analyze_blob_column(index, facts, blobs, stream_nodes);
    findings.insert(findings.end(), std::make_move_iterator(found.begin()), std::make_move_iterator(found.end()));
  }
  return findings;
}

} // namespace rwdoctor::checks
