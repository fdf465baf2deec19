-- m20260312_000000_streaming_job_backfill_parallelism_strategy (v3.0.0): existing jobs get NULL.
ALTER TABLE "streaming_job" ADD COLUMN "backfill_adaptive_parallelism_strategy" varchar NULL;
