-- m20251215_000000_streaming_job_parallelism_strategy (v2.8.0): existing jobs get NULL (filled
-- by m20260311_000000_legacy_streaming_parallelism_session_params).
ALTER TABLE "streaming_job" ADD COLUMN "adaptive_parallelism_strategy" varchar NULL;
