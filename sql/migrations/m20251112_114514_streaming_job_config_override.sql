-- m20251112_114514_streaming_job_config_override (v2.8.0): existing jobs get NULL, which
-- RisingWave reads as an empty override.
ALTER TABLE "streaming_job" ADD COLUMN "config_override" text;
