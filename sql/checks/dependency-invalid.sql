-- id: dependency-invalid
-- title: object_dependency has a cycle or misses a cross-job fragment edge
-- invariant: INV-23
-- severity: warning
-- worst-severity: error
-- consequence: silent
-- repairs: restore-rows manual
-- requires: object_dependency fragment_relation fragment streaming_job table sink source
-- kind: analyzer
-- scope: jobs fragments upstream
-- meta-node: a cycle makes DROP ... CASCADE hang in get_referring_objects_cascade; a missing row lets DROP ... RESTRICT of the upstream succeed and strands the downstream job
-- explain:
-- object_dependency(oid, used_by) records that object used_by reads from object oid. RisingWave walks it
-- with a recursive UNION ALL query (get_referring_objects_cascade, src/meta/src/controller/utils.rs)
-- that never terminates on a cycle, so a cycle hangs every DROP ... CASCADE that reaches it. It also
-- uses the table to refuse DROP ... RESTRICT while dependents exist: every fragment_relation edge
-- between two different jobs must have its object_dependency row (sink-into-table edges excepted,
-- RisingWave does not record them). Without it, dropping the upstream succeeds, the cascade removes
-- the edge, and the downstream job is left reading from a fragment that no longer exists.
-- Cycles are found in rwdoctor over the edge list; missing rows come from the query. What to do for a
-- missing row: with a backup that has it, rwdoctor repair restore --job DOWNSTREAM --from BACKUP (or
-- repair all --from BACKUP) puts the backup's row back, with its id; without one, INSERT INTO
-- object_dependency (oid, used_by) VALUES (upstream, downstream). For a cycle, delete the row that
-- closes it (compare with the jobs' definitions).
-- Rows of kind 'edge' are the dependency graph; rows of kind 'missing' are cross-job fragment edges
-- without a dependency (replacement placeholders of an ALTER in progress are left out).
WITH placeholder AS (
  SELECT sj.job_id
  FROM streaming_job sj
  WHERE sj.job_status <> 'CREATED'
    AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = sj.job_id)
    AND NOT EXISTS (SELECT 1 FROM source s WHERE s.source_id = sj.job_id)
    AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = sj.job_id)
),
-- Scoped runs (CheckSpec::scoped) still read every dependency row, which is cheap and all a
-- cycle through a scope job needs; they look for missing rows only on the edges with a
-- fragment of a scope job at either end. Every edge between a scope job and another job has
-- one, so each reported pair sees all its edges, as in the whole-store run. They read those
-- edges through fragment_relation's primary key: the edges out of the jobs' fragments ($2),
-- and the edges into them from their upstream fragments ($3), and look up the job of each end
-- by primary key. LATERAL (... OFFSET 0) keeps those lookups nested loops; left to itself
-- the planner hashes every fragment of the store twice to find a few thousand (at 50k jobs
-- and a scope of 1000, 0.48 s against 0.20 s).
edge AS (
  SELECT r.source_fragment_id, r.target_fragment_id, s.job_id AS source_job, t.job_id AS target_job
  FROM fragment_relation r
  JOIN fragment s ON s.fragment_id = r.source_fragment_id
  JOIN fragment t ON t.fragment_id = r.target_fragment_id
  WHERE $1::int[] IS NULL
  UNION ALL
  SELECT e.source_fragment_id, e.target_fragment_id, s.job_id, t.job_id
  FROM (SELECT r.*
        FROM unnest($2::int[]) AS sf(fragment_id)
        CROSS JOIN LATERAL (SELECT r.source_fragment_id, r.target_fragment_id
                            FROM fragment_relation r
                            WHERE r.source_fragment_id = sf.fragment_id OFFSET 0) r
        UNION ALL
        SELECT r.*
        FROM unnest($3::int[]) AS uf(fragment_id)
        CROSS JOIN LATERAL (SELECT r.source_fragment_id, r.target_fragment_id
                            FROM fragment_relation r
                            WHERE r.source_fragment_id = uf.fragment_id
                              AND r.target_fragment_id = ANY($2::int[]) OFFSET 0) r) e
  CROSS JOIN LATERAL (SELECT f.job_id FROM fragment f WHERE f.fragment_id = e.source_fragment_id OFFSET 0) s
  CROSS JOIN LATERAL (SELECT f.job_id FROM fragment f WHERE f.fragment_id = e.target_fragment_id OFFSET 0) t
  WHERE $1::int[] IS NOT NULL
)
SELECT 'edge' AS kind, d.oid, d.used_by, NULL::text AS message
FROM object_dependency d
UNION ALL
SELECT 'missing', r.source_job, r.target_job,
       format('job %s reads from job %s through fragment edge %s -> %s, but object_dependency has no (%s, %s) row',
              r.target_job, r.source_job, min(r.source_fragment_id), min(r.target_fragment_id), r.source_job, r.target_job)
FROM edge r
WHERE r.source_job <> r.target_job
  AND NOT EXISTS (SELECT 1 FROM object_dependency d WHERE d.oid = r.source_job AND d.used_by = r.target_job)
  AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = r.source_job AND k.target_table = r.target_job)
  AND r.source_job NOT IN (SELECT job_id FROM placeholder)
  AND r.target_job NOT IN (SELECT job_id FROM placeholder)
GROUP BY r.source_job, r.target_job
ORDER BY 1, 2, 3;
