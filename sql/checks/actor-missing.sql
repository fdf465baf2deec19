-- id: actor-missing
-- title: fragment has no actor rows (v2.6 and older)
-- invariant: INV-27
-- severity: critical
-- consequence: data-loss
-- repairs: restore-fragments drop-job
-- requires: actor fragment streaming_job
-- until: m20251005_000000_fragment_splits
-- meta-node: load_all_actors inner-joins actor and fragment, so the fragment is missing from recovery and its state is purged; from v2.4 an edge into it panics in FragmentEdgeBuilder::add_edge; hash fragments whose actors lack a vnode bitmap fail to render
-- explain:
--   Up to v2.6 the meta node persists actors in the `actor` table, and every fragment of a
--   job that is not INITIAL has at least one actor row (job creation asserts it:
--   src/meta/src/controller/fragment.rs:243 @ v2.6.3). Actors of HASH fragments
--   carry a vnode_bitmap. Recovery builds its graph from actor rows inner-joined to fragment
--   (load_all_actors: src/meta/src/controller/fragment.rs:850 @ v2.0.7,
--   src/meta/src/controller/fragment.rs:1126-1127 @ v2.6.3), so a fragment without actors
--   is not loaded at all (the assert_eq!/assert! there compare rows of one fragment and do
--   not fire for it). The purge of every global recovery, which runs before rendering,
--   then unregisters its state tables from hummock (data loss):
--   src/meta/src/barrier/recovery.rs:340-343 @ v2.0.7, recovery.rs:242-245 @ v2.1.5,
--   src/meta/src/barrier/context/recovery.rs:220-227 @ v2.2.6 (254-261 @ v2.3.3),
--   src/meta/src/barrier/context/recovery.rs:373-381 @ v2.6.3 (355-363 @ v2.4.4), through
--   src/meta/src/hummock/manager/compaction/compaction_group_manager.rs:155-170 @ v2.6.3.
--   From v2.4, if a loaded fragment has an edge into it (any fragment but the job's most
--   upstream one), recovery also panics after the purge: the edges of loaded fragments are
--   read (src/meta/src/barrier/context/recovery.rs:410-420 @ v2.6.3) and add_edge indexes
--   the missing downstream: src/meta/src/barrier/edge_builder.rs:138 @ v2.4.4 and
--   src/meta/src/barrier/edge_builder.rs:138 @ v2.6.3 - a crash loop. For v2.0 to v2.3 no
--   such panic was found (dispatchers are read from the store): only the state loss.
--   From v2.7 (m20251005_000000_fragment_splits) actors live in memory only and the table
--   is stale, so this check does not apply.
--   Not reported: INITIAL jobs, which the next recovery deletes.
--   This happens after hand-made deletes of actor rows or partial restores. What to do:
--   restore the job's fragment and actor rows from a backup with the meta node stopped,
--   or drop the job.
WITH per_fragment AS (
    SELECT f.fragment_id, f.job_id, f.distribution_type, sj.job_status,
           count(a.actor_id) AS actors,
           count(a.actor_id) FILTER (WHERE a.vnode_bitmap IS NULL) AS without_bitmap
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    LEFT JOIN actor a ON a.fragment_id = f.fragment_id
    WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
    GROUP BY f.fragment_id, f.job_id, f.distribution_type, sj.job_status
)
SELECT
    p.job_id AS object_id,
    p.job_id AS job_id,
    p.fragment_id,
    CASE
        WHEN p.actors = 0 THEN
            format('fragment %s of job %s (%s) has no actor rows', p.fragment_id, p.job_id, p.job_status)
        ELSE
            format('hash fragment %s of job %s has %s of %s actors without a vnode bitmap',
                   p.fragment_id, p.job_id, p.without_bitmap, p.actors)
    END AS message,
    CASE WHEN p.actors = 0 THEN 'critical' ELSE 'error' END AS severity,
    CASE WHEN p.actors = 0 THEN 'data-loss' ELSE 'recovery-error' END AS consequence
FROM per_fragment p
WHERE p.actors = 0
   OR (p.distribution_type = 'HASH' AND p.without_bitmap > 0)
ORDER BY p.fragment_id;
