-- m20251124_195858_pending_sink_state (v2.8.0): exactly_once_iceberg_sink_metadata is copied
-- (sink_id, end_epoch, committed ? 'COMMITTED' : 'PENDING', metadata). The new metadata is the
-- old JSON array of byte arrays with the snapshot id's 8 little-endian bytes appended, written
-- back as compact JSON; metadata that is not JSON aborts the upgrade (the Rust code unwraps).
-- ON CONFLICT DO NOTHING. The old table is kept and no longer read.
CREATE TABLE IF NOT EXISTS "pending_sink_state" (
  "sink_id" integer NOT NULL,
  "epoch" bigint NOT NULL,
  "sink_state" varchar NOT NULL,
  "metadata" bytea NULL,
  PRIMARY KEY ("sink_id", "epoch")
);
INSERT INTO "pending_sink_state" ("sink_id", "epoch", "sink_state", "metadata")
SELECT m."sink_id", m."end_epoch", CASE WHEN m."committed" THEN 'COMMITTED' ELSE 'PENDING' END,
       convert_to(replace((convert_from(m."metadata", 'UTF8')::jsonb || jsonb_build_array(
         (SELECT jsonb_agg(get_byte(int8send(m."snapshot_id"), 7 - i) ORDER BY i) FROM generate_series(0, 7) AS i)))::text, ' ', ''), 'UTF8')
  FROM "exactly_once_iceberg_sink_metadata" AS m
ON CONFLICT ("sink_id", "epoch") DO NOTHING;
