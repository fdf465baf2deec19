-- rwdoctor's own audit table, in its own schema so RisingWave never sees it. Created on first
-- use, in the repair's transaction. repair_id names the repair (also in its undo file and
-- plan), undoes the repair an undo took back, objects the jobs and objects it touched: undo
-- reads them to refuse an old undo file and to say "already undone"; state what each job held in
-- Hummock when the plan was made. A table made by an older
-- rwdoctor gains the columns here.
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
ALTER TABLE rwdoctor.repair_log
  ADD COLUMN IF NOT EXISTS repair_id text,
  ADD COLUMN IF NOT EXISTS undoes text,
  ADD COLUMN IF NOT EXISTS objects int[],
  ADD COLUMN IF NOT EXISTS state jsonb;
