-- m20260119_153927_streaming_job_is_serverless_backfill (v2.8.0): every job is false.
ALTER TABLE "streaming_job" ADD COLUMN "is_serverless_backfill" bool NOT NULL DEFAULT false;
