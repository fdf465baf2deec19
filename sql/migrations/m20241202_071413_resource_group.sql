-- m20241202_071413_resource_group (v2.3.0): worker_property.label is dropped with its values;
-- every database gets resource group 'default'; streaming jobs get NULL.
ALTER TABLE "worker_property" DROP COLUMN "label";
ALTER TABLE "worker_property" ADD COLUMN "resource_group" varchar;
ALTER TABLE "streaming_job" ADD COLUMN "specific_resource_group" varchar;
ALTER TABLE "database" ADD COLUMN "resource_group" varchar NOT NULL DEFAULT 'default';
