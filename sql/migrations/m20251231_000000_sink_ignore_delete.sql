-- m20251231_000000_sink_ignore_delete (v2.8.0): every sink keeps deletes, except that a
-- FORCE_APPEND_ONLY sink becomes APPEND_ONLY with ignore_delete.
ALTER TABLE "sink" ADD COLUMN "ignore_delete" bool NOT NULL DEFAULT false;
UPDATE "sink" SET "ignore_delete" = true, "sink_type" = 'APPEND_ONLY' WHERE "sink_type" = 'FORCE_APPEND_ONLY';
