-- m20240911_083152_variable_vnode_count (v2.1.0): every existing table, fragment and
-- streaming job gets the default 256 (the vnode count before v2.1 was the fixed 256).
ALTER TABLE "table" ADD COLUMN "vnode_count" integer NOT NULL DEFAULT 256;
ALTER TABLE "fragment" ADD COLUMN "vnode_count" integer NOT NULL DEFAULT 256;
ALTER TABLE "streaming_job" ADD COLUMN "max_parallelism" integer NOT NULL DEFAULT 256;
