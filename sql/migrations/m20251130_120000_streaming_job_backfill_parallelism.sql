-- m20251130_120000_streaming_job_backfill_parallelism (v2.8.0): existing jobs get NULL.
ALTER TABLE "streaming_job" ADD COLUMN "backfill_parallelism" jsonb;
