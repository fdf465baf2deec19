-- id: no-shuffle-incompatible
-- title: no_shuffle edge joins fragments of different distribution, vnode count or database
-- invariant: INV-13
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: fragment_relation fragment object streaming_job
-- since: m20250106_072104_fragment_relation
-- scope: jobs fragments upstream
-- meta-node: panics in resolve_no_shuffle_actor_mapping (assert_eq! of distributions, "cannot find matched target actor", "bitmap mismatch") during recovery
-- explain:
--   A NO_SHUFFLE fragment_relation edge forwards each upstream actor's output to exactly
--   one downstream actor, so both fragments must have the same distribution_type and
--   vnode_count, and their jobs must be in the same database.
--   Recovery maps actors across each NO_SHUFFLE edge in resolve_no_shuffle_actor_mapping
--   (controller/utils.rs), which asserts equal distributions, "Single distribution should
--   have exactly one source/target actor" and panics with "cannot find matched target
--   actor" or "bitmap mismatch"; an ensemble that spans databases trips the
--   for_database assert in scale.rs. Any of these aborts the meta node on every start.
--   Edges whose downstream job is INITIAL are reported as info: recovery deletes the job
--   and its edges before it renders anything.
--   This happens after hand-made inserts or edits of fragment_relation or fragment rows
--   (vnode_count, distribution_type). What to do: restore the original rows from a
--   backup, or drop the downstream job.
--   Citations: the distribution assert_eq! is src/meta/src/controller/utils.rs:1101 @ v2.3.3
--   (resolve_no_shuffle_actor_dispatcher, reached at recovery through table_fragments and
--   compose_dispatchers, utils.rs:1070 @ v2.3.3), :1436 @ v2.6.3 (reached through
--   src/meta/src/barrier/edge_builder.rs:139 @ v2.6.3), :1331 @ v2.7.0, :1464 @ v2.8.0;
--   resolve_no_shuffle_actor_mapping: src/meta/src/controller/utils.rs:1624 @ v3.0.3,
--   :1696 @ HEAD, the Single expects :1707-1715 @ HEAD, "cannot find matched target actor"
--   and "bitmap mismatch" :1746-1756 @ HEAD (:1517-1535 @ v2.8.0). The database assert is
--   src/meta/src/controller/scale.rs:272-278 @ v2.8.0, :271-277 @ v3.0.3 and HEAD.
--   Not a crash found for a vnode_count-only difference except on v2.8.x: v2.3 to v2.6 reuse
--   the stored actor bitmaps, and v2.7.0 and v3.0 and later give every fragment of an
--   ensemble the entry fragment's vnode count (the equal-count check is only a
--   debug_assert!, src/meta/src/controller/scale.rs:1461-1466 @ HEAD); v2.8.x builds each
--   bitmap with the fragment's own count (scale.rs:837-853 @ v2.8.0), which then fails the
--   bitmap assert. No crash verified for a database-only difference before v2.8.
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
    format('no_shuffle edge %s -> %s joins %s (%s, %s vnodes, database %s) to %s (%s, %s vnodes, database %s)%s',
           r.source_fragment_id, r.target_fragment_id,
           'fragment ' || s.fragment_id || ' of job ' || s.job_id,
           s.distribution_type, s.vnode_count, coalesce(os.database_id::text, 'null'),
           'fragment ' || t.fragment_id || ' of job ' || t.job_id,
           t.distribution_type, t.vnode_count, coalesce(ot.database_id::text, 'null'),
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
WHERE r.dispatcher_type = 'NO_SHUFFLE'
  AND (s.distribution_type IS DISTINCT FROM t.distribution_type
       OR s.vnode_count IS DISTINCT FROM t.vnode_count
       OR os.database_id IS DISTINCT FROM ot.database_id)
ORDER BY t.fragment_id, r.source_fragment_id;
