-- m20241022_072553_node_label (v2.2.0): existing workers get NULL (the column is dropped again
-- by m20241202_071413_resource_group).
ALTER TABLE "worker_property" ADD COLUMN "label" varchar;
