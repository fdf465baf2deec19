-- The fragments of the jobs in $1 (int array), by id only (no blob is read), one per row.
SELECT f.fragment_id
FROM fragment f
WHERE f.job_id = ANY ($1::int[])
ORDER BY 1;
