-- m20251224_142321_sink_schema_change (v2.8.0): existing rows get NULL.
ALTER TABLE "pending_sink_state" ADD COLUMN "schema_change" bytea NULL;
