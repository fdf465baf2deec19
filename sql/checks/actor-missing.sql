-- id: actor-missing
-- title: fragment has no actor rows (v2.6 and older)
-- invariant: INV-27
-- severity: critical
-- consequence: data-loss
-- repairs: restore-fragments drop-job
-- requires: actor fragment streaming_job
-- until: m20251005_000000_fragment_splits
-- meta-node: v2.6 load_all_actors inner-joins actor, fragment and object, so the fragment's job is missing from recovery and its state is purged; hash fragments whose actors lack a vnode bitmap fail to render
-- explain:
--   Up to v2.6 the meta node persists actors in the `actor` table, and every fragment of a
--   job that is not INITIAL has at least one actor row (fragment creation asserted it,
--   v2.6.3 controller/fragment.rs). Actors of HASH fragments carry a vnode_bitmap.
--   v2.6.3 load_all_actors builds the in-memory graph from actor joined to fragment and
--   object, with assert_eq!(info.state_table_ids, ..): a fragment without actors drops out
--   of recovery, so the job does not run (or the assert aborts the meta node) and the
--   hummock purge of the next global recovery unregisters state tables that no loaded
--   fragment lists. From v2.7 (m20251005_000000_fragment_splits) actors live in memory
--   only and the table is stale, so this check does not apply.
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
