-- id: blob-malformed
-- title: a protobuf column holds bytes that are not well-formed protobuf
-- invariant: INV-20
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: object
-- kind: analyzer
-- meta-node: panics in prost::Message::decode(..).unwrap() wherever the value is read; for fragment.stream_node that is every recovery, so the meta node crash-loops
-- explain:
-- RisingWave stores catalog structures as protobuf in bytea columns (fragment.stream_node,
-- fragment_splits.splits, "table".columns and pk, source.source_info, sink.sink_format_desc,
-- actor bitmaps and splits, ...) and decodes them with prost::Message::decode(..).unwrap() in
-- to_protobuf of the derive_from_blob! macro:
--   src/meta/model_v2/src/lib.rs:186 @ v2.0.7, src/meta/model/src/lib.rs:187 @ v2.1.5,
--   src/meta/model/src/lib.rs:187 @ v2.2.6, src/meta/model/src/lib.rs:188 @ v2.3.3,
--   src/meta/model/src/lib.rs:191 @ v2.4.4, src/meta/model/src/lib.rs:192 @ v2.5.3,
--   src/meta/model/src/lib.rs:202 @ v2.6.3, src/meta/model/src/lib.rs:187 @ v2.7.0,
--   src/meta/model/src/lib.rs:189 @ v2.8.0, src/meta/model/src/lib.rs:187 @ v3.0.3,
--   src/meta/model/src/lib.rs:242 @ HEAD.
-- One corrupt value panics the meta node wherever it is read. Every recovery decodes
-- fragment.stream_node, so a bad one is a crash loop:
--   src/meta/src/controller/fragment.rs:370 @ v2.0.7 (compose_fragment, from all_node_actors),
--   src/meta/src/controller/fragment.rs:1172 @ v2.6.3 (load_all_actors),
--   src/meta/src/controller/scale.rs:653 @ v2.7.0 (render_actors),
--   src/meta/src/controller/scale.rs:205 @ v2.8.0 (LoadedFragment::from),
--   src/meta/src/controller/scale.rs:204 @ v3.0.3, src/meta/src/controller/scale.rs:204 @ HEAD.
-- The meta node also decodes every hummock_version_delta.full_version_delta at start, to replay
-- the deltas above its object-store checkpoint, so a bad one is a crash loop too:
--   src/meta/src/hummock/manager/mod.rs:374 @ v2.0.7, :405 @ v2.4.0, :412 @ v2.8.0, :473 @ HEAD
--   (HummockVersionDelta::from, src/meta/model/src/hummock_version_delta.rs:41 @ HEAD).
-- A time-travel version or delta that does not decode (hummock_time_travel_version.version,
-- hummock_time_travel_delta.version_delta) is read only by time-travel queries and by rwdoctor's
-- Hummock state grades: a warning, as the grades that needed it become unknown.
-- rwdoctor keeps only small subsets of RisingWave's .proto files, so it validates the wire format
-- itself with libprotobuf's UnknownFieldSet: every tag, varint and length prefix must be consistent and the
-- value must end exactly at a field boundary. Values are streamed in blocks, so memory stays
-- bounded. Bytes that are not protobuf by design (secret.value, function.compressed_binary, sink
-- metadata) are not read. What to do: restore the row from a backup (rwdoctor repair restore for
-- fragments) or drop the object; never edit the bytes by hand.
-- The query lists the bytea columns of the meta store's schema; rwdoctor scans those it knows to be protobuf.
SELECT c.relname::text AS table_name, a.attname::text AS column_name
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
WHERE a.atttypid = 'bytea'::regtype AND a.attnum > 0 AND NOT a.attisdropped AND c.relkind = 'r'
  AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'object'::regclass)
ORDER BY 1, 2;
