-- The fragments of the jobs in $1 (int array), as one int[] (ScopeSet::fragments). One scan
-- of fragment: RisingWave has no index on fragment.job_id.
SELECT pg_catalog.array_agg(f.fragment_id ORDER BY f.fragment_id)::text
FROM fragment f
WHERE f.job_id = ANY($1::int[]);
