-- The objects whose parent (object.belong_to_oid, m20260805_000000_object_belong_to_oid) is
-- one of the jobs in $1 (int array), as one int[] of oids (ScopeSet::children): their internal
-- tables, a table's associated source, an iceberg table's implicit sink and source. Read
-- once per check run through RisingWave's index on the column, IDX_object_belong_to_oid
-- (src/meta/model/migration/src/m20260805_000000_object_belong_to_oid.rs, RisingWave main).
SELECT pg_catalog.array_agg(o.oid ORDER BY o.oid)::text
FROM object o
WHERE o.belong_to_oid = ANY($1::int[]);
