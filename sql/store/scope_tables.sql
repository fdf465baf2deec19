-- The "table" rows of the jobs in $1 (int array), main tables and internal tables, and the
-- rows that point at their fragments in $2 (int array: fragment_id, the fragment that lists
-- a state table), as one int[] of table ids (ScopeSet::tables). One scan of "table":
-- RisingWave has no index on belongs_to_job_id or fragment_id. In a consistent store a row
-- that points at a job's fragment is that job's own.
SELECT pg_catalog.array_agg(t.table_id ORDER BY t.table_id)::text
FROM "table" t
WHERE t.table_id = ANY($1::int[]) OR t.belongs_to_job_id = ANY($1::int[]) OR t.fragment_id = ANY($2::int[]);
