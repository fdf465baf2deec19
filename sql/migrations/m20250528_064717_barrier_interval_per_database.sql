-- m20250528_064717_barrier_interval_per_database (v2.5.0): existing databases get NULL.
ALTER TABLE "database" ADD COLUMN "barrier_interval_ms" integer NULL;
ALTER TABLE "database" ADD COLUMN "checkpoint_frequency" bigint NULL;
