-- m20251126_093529_add_is_iceberg_compactor (v2.8.0; applied before
-- m20251124_195858_pending_sink_state in lib.rs): every worker is not an iceberg compactor.
ALTER TABLE "worker_property" ADD COLUMN "is_iceberg_compactor" bool NOT NULL DEFAULT false;
