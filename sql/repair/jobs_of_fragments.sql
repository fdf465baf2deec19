-- The jobs that own the fragments in $1 (int array); fragments that do not exist are left out.
SELECT DISTINCT f.job_id
FROM fragment f
WHERE f.fragment_id = ANY ($1::int[])
ORDER BY 1;
