-- The fragments at the far end of the fragment_relation edges of the jobs in $1 (int array):
-- other jobs' fragments, read without the jobs' rows so that a restore knows its
-- neighbours before it reads the backup's fragment graph.
-- Written as semi-joins: edges into the jobs' fragments come from one scan of
-- fragment_relation probing a hash of those fragments (there is no index on
-- target_fragment_id); a join let PostgreSQL hash the whole edge table instead.
WITH own AS MATERIALIZED (
    SELECT f.fragment_id FROM fragment f WHERE f.job_id = ANY($1::int[])
)
SELECT r.target_fragment_id AS fragment_id
FROM fragment_relation r
WHERE r.source_fragment_id IN (SELECT own.fragment_id FROM own)
UNION
SELECT r.source_fragment_id
FROM fragment_relation r
WHERE r.target_fragment_id IN (SELECT own.fragment_id FROM own)
EXCEPT
SELECT own.fragment_id FROM own;
