-- m20251223_064450_table_change_log (v3.0.0): a new, empty table (change logs held in the
-- hummock version are not copied).
CREATE TABLE IF NOT EXISTS "hummock_table_change_log" (
  "table_id" integer NOT NULL,
  "checkpoint_epoch" bigint NOT NULL,
  "non_checkpoint_epochs" jsonb NOT NULL,
  "new_value_sst" bytea NOT NULL,
  "old_value_sst" bytea NOT NULL,
  PRIMARY KEY ("table_id", "checkpoint_epoch")
);
