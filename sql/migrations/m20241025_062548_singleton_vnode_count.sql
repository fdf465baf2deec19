-- m20241025_062548_singleton_vnode_count (v2.2.0): singleton tables and fragments get vnode
-- count 1; every other row keeps the 256 of m20240911_083152_variable_vnode_count.
-- The Rust code compares CAST(<json> AS char(2)) with '[]' on every backend.
UPDATE "table" SET "vnode_count" = 1
 WHERE CAST("distribution_key" AS char(2)) = '[]' AND CAST("dist_key_in_pk" AS char(2)) = '[]'
   AND "vnode_col_index" IS NULL;
UPDATE "fragment" SET "vnode_count" = 1 WHERE "distribution_type" = 'SINGLE';
