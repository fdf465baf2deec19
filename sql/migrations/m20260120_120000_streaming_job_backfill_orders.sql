-- m20260120_120000_streaming_job_backfill_orders (v2.8.0): existing jobs get NULL.
ALTER TABLE "streaming_job" ADD COLUMN "backfill_orders" jsonb NULL;
