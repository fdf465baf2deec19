-- rwdoctor's own audit table, in its own schema so RisingWave never sees it. Created on first
-- use, in the repair's transaction.
CREATE SCHEMA IF NOT EXISTS rwdoctor;
CREATE TABLE IF NOT EXISTS rwdoctor.repair_log (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT pg_catalog.now(),
  os_user      text NOT NULL,
  host         text NOT NULL,
  tool_version text NOT NULL,
  action       text NOT NULL,
  arguments    text NOT NULL,
  plan_hash    text NOT NULL,
  ticket       text,
  row_counts   jsonb NOT NULL,
  undo_file    text
);
