-- id: edge-cross-database
-- title: fragment_relation edge crosses databases
-- invariant: INV-14
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: fragment_relation fragment object streaming_job
-- since: m20250106_072104_fragment_relation
-- scope: jobs fragments upstream
-- meta-node: from v2.8 panics with "cannot find fragment {} with downstream {:?}" in FragmentEdgeBuilder::add_edge during recovery; v2.4 to v2.7 only in a per-database recovery
-- explain:
--   No fragment_relation edge, of any dispatcher type, may join fragments whose jobs are
--   in different databases. Cross-database materialized views read through
--   CrossDbSnapshotBackfill and take no upstream edge.
--   From v2.8 recovery builds each database's edges from that database's fragments and the
--   global relation map (src/meta/src/barrier/worker.rs:882-888 @ v2.8.0,
--   src/meta/src/barrier/worker.rs:1185 @ HEAD, into barrier/rpc.rs), and
--   FragmentEdgeBuilder::add_edge panics with "cannot find fragment {} with downstream {:?}"
--   when the downstream is in the database but the upstream is not:
--   src/meta/src/barrier/edge_builder.rs:164-167 @ v2.8.0,
--   src/meta/src/barrier/edge_builder.rs:213-216 @ v3.0.3,
--   src/meta/src/barrier/edge_builder.rs:244-247 @ HEAD.
--   Up to v3.0.3 the other end panics too, indexing the missing downstream
--   (src/meta/src/barrier/edge_builder.rs:173 @ v2.8.0, edge_builder.rs:222 @ v3.0.3);
--   HEAD skips that direction (edge_builder.rs:253-256 @ HEAD). The meta node aborts on
--   every start: a crash loop.
--   v2.4 to v2.7: global recovery builds one edge set over all databases
--   (src/meta/src/barrier/worker.rs:801-802 @ v2.6.3) and does not panic; a per-database
--   recovery reads only the edges out of that database's fragments and panics on an edge
--   leaving it: src/meta/src/barrier/edge_builder.rs:134-138 @ v2.6.3 (same lines @ v2.4.4),
--   src/meta/src/barrier/edge_builder.rs:140-144 @ v2.7.0, reached from
--   src/meta/src/barrier/checkpoint/recovery.rs:441-443 @ v2.6.3.
--   v2.3: no panic found; dispatchers are composed from the store with no database check
--   (src/meta/src/controller/utils.rs:953-998 @ v2.3.3). The edge still panics after an
--   upgrade to v2.8 or later.
--   Edges whose downstream job is INITIAL are reported as info: recovery deletes the job
--   and its edges first.
--   This happens after hand-made edits of object.database_id (moving a job) or of
--   fragment_relation. What to do: move the object back to its database, or drop the
--   downstream job.
WITH
-- Every edge with the jobs and databases of its ends. The whole-store run joins every edge by
-- hash. A scoped run (CheckSpec::scoped) takes the edges with a fragment of a scope job at
-- either end through fragment_relation's primary key: the edges out of the jobs' fragments
-- ($2), and the edges into them from their upstream fragments ($3). It looks each end up by
-- primary key too: LATERAL (... OFFSET 0) keeps every lookup a nested loop, where the planner
-- would otherwise hash every fragment and object of the store to find a few thousand (at 50k
-- jobs and a scope of 1000, 0.45 s against 0.12 s).
edge AS (
    SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type,
           s.job_id AS source_job, t.job_id AS target_job,
           os.database_id AS source_database, ot.database_id AS target_database
    FROM fragment_relation r
    JOIN fragment s ON s.fragment_id = r.source_fragment_id
    JOIN fragment t ON t.fragment_id = r.target_fragment_id
    LEFT JOIN object os ON os.oid = s.job_id
    LEFT JOIN object ot ON ot.oid = t.job_id
    WHERE $1::int[] IS NULL
    UNION ALL
    SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type,
           s.job_id, t.job_id, os.database_id, ot.database_id
    FROM (SELECT e.*
          FROM unnest($2::int[]) AS sf(fragment_id)
          CROSS JOIN LATERAL (SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type
                              FROM fragment_relation r
                              WHERE r.source_fragment_id = sf.fragment_id OFFSET 0) e
          UNION ALL
          SELECT e.*
          FROM unnest($3::int[]) AS uf(fragment_id)
          CROSS JOIN LATERAL (SELECT r.source_fragment_id, r.target_fragment_id, r.dispatcher_type
                              FROM fragment_relation r
                              WHERE r.source_fragment_id = uf.fragment_id
                                AND r.target_fragment_id = ANY($2::int[]) OFFSET 0) e) r
    CROSS JOIN LATERAL (SELECT f.job_id FROM fragment f WHERE f.fragment_id = r.source_fragment_id OFFSET 0) s
    CROSS JOIN LATERAL (SELECT f.job_id FROM fragment f WHERE f.fragment_id = r.target_fragment_id OFFSET 0) t
    LEFT JOIN LATERAL (SELECT o.database_id FROM object o WHERE o.oid = s.job_id OFFSET 0) os ON true
    LEFT JOIN LATERAL (SELECT o.database_id FROM object o WHERE o.oid = t.job_id OFFSET 0) ot ON true
    WHERE $1::int[] IS NOT NULL
)
SELECT
    r.target_job AS object_id,
    r.target_job AS job_id,
    r.target_fragment_id AS fragment_id,
    format('%s edge %s -> %s joins job %s in database %s to job %s in database %s%s',
           lower(r.dispatcher_type), r.source_fragment_id, r.target_fragment_id,
           r.source_job, coalesce(r.source_database::text, 'null'),
           r.target_job, coalesce(r.target_database::text, 'null'),
           CASE WHEN tsj.job_status = 'INITIAL'
                THEN '; the downstream job is INITIAL and the next recovery deletes it (transient)'
                ELSE '' END) AS message,
    CASE WHEN tsj.job_status = 'INITIAL' THEN 'info' ELSE 'critical' END AS severity,
    CASE WHEN tsj.job_status = 'INITIAL' THEN 'transient' ELSE 'panic' END AS consequence,
    r.source_job AS other_job
FROM edge r
LEFT JOIN streaming_job tsj ON tsj.job_id = r.target_job
WHERE r.source_job IS DISTINCT FROM r.target_job
  AND r.source_database IS DISTINCT FROM r.target_database
ORDER BY r.target_fragment_id, r.source_fragment_id;
