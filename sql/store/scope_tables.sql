-- The "table" rows of the jobs in $1 (int array), main tables and internal tables, as one
-- int[] of table ids (ScopeSet::tables). One scan of "table": RisingWave has no index on
-- belongs_to_job_id.
SELECT pg_catalog.array_agg(t.table_id ORDER BY t.table_id)::text
FROM "table" t
WHERE t.table_id = ANY($1::int[]) OR t.belongs_to_job_id = ANY($1::int[]);
