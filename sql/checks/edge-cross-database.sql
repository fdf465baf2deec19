-- id: edge-cross-database
-- title: fragment_relation edge crosses databases
-- invariant: INV-14
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: fragment_relation fragment object streaming_job
-- since: m20250106_072104_fragment_relation
-- scope: jobs fragments upstream
-- meta-node: panics with "cannot find fragment {} with downstream {:?}" in FragmentEdgeBuilder::add_edge during recovery
-- explain:
--   No fragment_relation edge, of any dispatcher type, may join fragments whose jobs are
--   in different databases. Cross-database materialized views read through
--   CrossDbSnapshotBackfill and take no upstream edge.
--   Recovery passes the global relation map to each database's edge builder (barrier
--   worker.rs, barrier/rpc.rs); FragmentEdgeBuilder::add_edge (barrier/edge_builder.rs)
--   panics with "cannot find fragment {} with downstream {:?}" when the downstream
--   fragment is in the database being recovered but the upstream is not. The meta node
--   aborts on every start.
--   Edges whose downstream job is INITIAL are reported as info: recovery deletes the job
--   and its edges first.
--   This happens after hand-made edits of object.database_id (moving a job) or of
--   fragment_relation. What to do: move the object back to its database, or drop the
--   downstream job.
WITH
-- scope (CheckSpec::scoped): edges with a fragment of a scope job at either end, read through
-- fragment_relation's primary key: the edges out of the jobs' fragments ($2), and the edges
-- into them from their upstream fragments ($3). The whole-store run reads every edge.
edge AS (
    SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type
    FROM fragment_relation r
    WHERE $1::int[] IS NULL
    UNION ALL
    SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type
    FROM fragment_relation r
    WHERE r.source_fragment_id = ANY($2::int[])
    UNION ALL
    SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type
    FROM fragment_relation r
    WHERE r.source_fragment_id = ANY($3::int[])
      AND r.target_fragment_id = ANY($2::int[])
)
SELECT
    t.job_id AS object_id,
    t.job_id AS job_id,
    t.fragment_id AS fragment_id,
    format('%s edge %s -> %s joins job %s in database %s to job %s in database %s%s',
           lower(r.dispatcher_type), r.source_fragment_id, r.target_fragment_id,
           s.job_id, coalesce(os.database_id::text, 'null'),
           t.job_id, coalesce(ot.database_id::text, 'null'),
           CASE WHEN tsj.job_status = 'INITIAL'
                THEN '; the downstream job is INITIAL and the next recovery deletes it (transient)'
                ELSE '' END) AS message,
    CASE WHEN tsj.job_status = 'INITIAL' THEN 'info' ELSE 'critical' END AS severity,
    CASE WHEN tsj.job_status = 'INITIAL' THEN 'transient' ELSE 'panic' END AS consequence
FROM edge r
JOIN fragment s ON s.fragment_id = r.source_fragment_id
JOIN fragment t ON t.fragment_id = r.target_fragment_id
LEFT JOIN object os ON os.oid = s.job_id
LEFT JOIN object ot ON ot.oid = t.job_id
LEFT JOIN streaming_job tsj ON tsj.job_id = t.job_id
-- an edge inside one job joins an object to itself: only edges between jobs can cross
WHERE s.job_id IS DISTINCT FROM t.job_id
  AND os.database_id IS DISTINCT FROM ot.database_id
ORDER BY t.fragment_id, r.source_fragment_id;
