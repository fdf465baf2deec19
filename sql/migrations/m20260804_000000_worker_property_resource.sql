-- m20260804_000000_worker_property_resource (after v3.0.3): then every worker is deleted
-- (worker_property follows by cascade); workers register again at the next start with new ids.
-- actor.worker_id has no foreign key and keeps the old ids.
ALTER TABLE "worker_property" ADD COLUMN "resource" bytea;
ALTER TABLE "worker_property" ADD COLUMN "started_at" bigint;
DELETE FROM "worker";
