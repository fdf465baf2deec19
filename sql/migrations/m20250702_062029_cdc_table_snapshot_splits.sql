-- m20250702_062029_cdc_table_snapshot_splits (v2.6.0): a new, empty table.
CREATE TABLE "cdc_table_snapshot_splits" (
  "table_id" integer NOT NULL,
  "split_id" bigint NOT NULL,
  "left" bytea NOT NULL,
  "right" bytea NOT NULL,
  PRIMARY KEY ("table_id", "split_id"),
  CONSTRAINT "FK_cdc_table_snapshot_splits_table_id" FOREIGN KEY ("table_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);
