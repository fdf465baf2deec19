-- m20250325_061743_exactly_once_iceberg_sink_metadata (v2.4.0): a new, empty table.
CREATE TABLE IF NOT EXISTS "exactly_once_iceberg_sink_metadata" (
  "sink_id" integer NOT NULL,
  "end_epoch" bigint NOT NULL,
  "start_epoch" bigint NOT NULL,
  "metadata" bytea NOT NULL,
  "snapshot_id" bigint NOT NULL,
  "committed" bool NOT NULL,
  PRIMARY KEY ("sink_id", "end_epoch")
);
