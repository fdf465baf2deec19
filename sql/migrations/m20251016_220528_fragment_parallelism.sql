-- m20251016_220528_fragment_parallelism (v2.7.0): existing fragments get NULL.
ALTER TABLE "fragment" ADD COLUMN "parallelism" jsonb NULL;
