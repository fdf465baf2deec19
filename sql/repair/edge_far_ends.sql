-- The fragments at the far end of the fragment_relation edges of the jobs in $1 (int array):
-- other jobs' fragments, read without the jobs' rows so that a restore knows its
-- neighbours before it reads the backup's fragment graph.
WITH own AS (
    SELECT f.fragment_id FROM fragment f WHERE f.job_id = ANY($1::int[])
)
SELECT r.target_fragment_id AS fragment_id
FROM fragment_relation r
JOIN own ON own.fragment_id = r.source_fragment_id
UNION
SELECT r.source_fragment_id
FROM fragment_relation r
JOIN own ON own.fragment_id = r.target_fragment_id
EXCEPT
SELECT own.fragment_id FROM own;
