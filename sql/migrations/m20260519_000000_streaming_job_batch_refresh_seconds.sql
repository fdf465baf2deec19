-- m20260519_000000_streaming_job_batch_refresh_seconds (after v3.0.3): existing jobs get NULL.
ALTER TABLE "streaming_job" ADD COLUMN "refresh_interval_sec" bigint NULL;
