-- m20251030_120000_refresh_jobs (v2.7.0): a new, empty table; table.refresh_state is dropped.
CREATE TABLE "refresh_job" (
  "table_id" integer NOT NULL PRIMARY KEY,
  "last_trigger_time" bigint,
  "trigger_interval_secs" bigint,
  "current_status" varchar NOT NULL DEFAULT 'IDLE',
  "last_success_time" bigint,
  CONSTRAINT "fk_refresh_job_table" FOREIGN KEY ("table_id") REFERENCES "table" ("table_id") ON DELETE CASCADE
);
ALTER TABLE "table" DROP COLUMN "refresh_state";
