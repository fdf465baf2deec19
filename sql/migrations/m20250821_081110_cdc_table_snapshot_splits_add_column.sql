-- m20250821_081110_cdc_table_snapshot_splits_add_column (v2.6.0).
ALTER TABLE "cdc_table_snapshot_splits" ADD COLUMN "is_backfill_finished" smallint NOT NULL DEFAULT 0;
