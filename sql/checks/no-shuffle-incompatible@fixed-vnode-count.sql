-- id: no-shuffle-incompatible
-- title: no_shuffle edge joins fragments of different distribution, vnode count or database
-- invariant: INV-13
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: actor_dispatcher actor fragment object streaming_job
-- until: m20240911_083152_variable_vnode_count
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
--   Before v2.3 (m20250106_072104_fragment_relation) the edges are read from
--   actor_dispatcher joined to actor (upstream actor's fragment -> dispatcher_id).
--   Before v2.1 (m20240911_083152_variable_vnode_count) fragment has no vnode_count: every
--   fragment has 256 vnodes, so only distribution and database can differ.
--   Not a crash found on v2.0 (the release this file covers): the asserts above
--   arrive with fragment_relation in v2.3.0 (resolve_no_shuffle_actor_dispatcher,
--   src/meta/src/controller/utils.rs:1101 @ v2.3.3). Before that each actor's dispatchers
--   are stored in actor_dispatcher and recovery reuses them without comparing the two
--   fragments; the only NO_SHUFFLE checks found are in rescheduling
--   (src/meta/src/stream/scale.rs:1739-1745 expects, :2532 bail @ v2.0.7), which test the
--   dispatchers and workers, not distribution_type, vnode_count or the database. A
--   distribution mismatch does panic the first recovery after an upgrade to v2.3 or later.
SELECT
    t.job_id AS object_id,
    t.job_id AS job_id,
    t.fragment_id AS fragment_id,
    format('no_shuffle edge %s -> %s joins %s (%s, %s vnodes, database %s) to %s (%s, %s vnodes, database %s)%s',
           r.source_fragment_id, r.target_fragment_id,
           'fragment ' || s.fragment_id || ' of job ' || s.job_id,
           s.distribution_type, 256, coalesce(os.database_id::text, 'null'),
           'fragment ' || t.fragment_id || ' of job ' || t.job_id,
           t.distribution_type, 256, coalesce(ot.database_id::text, 'null'),
           CASE WHEN tsj.job_status = 'INITIAL'
                THEN '; the downstream job is INITIAL and the next recovery deletes it (transient)'
                ELSE '' END) AS message,
    CASE WHEN tsj.job_status = 'INITIAL' THEN 'info' ELSE 'critical' END AS severity,
    CASE WHEN tsj.job_status = 'INITIAL' THEN 'transient' ELSE 'panic' END AS consequence
FROM (SELECT DISTINCT a.fragment_id AS source_fragment_id,
                 ad.dispatcher_id AS target_fragment_id,
                 ad.dispatcher_type
          FROM actor_dispatcher ad
          JOIN actor a ON a.actor_id = ad.actor_id) r
JOIN fragment s ON s.fragment_id = r.source_fragment_id
JOIN fragment t ON t.fragment_id = r.target_fragment_id
LEFT JOIN object os ON os.oid = s.job_id
LEFT JOIN object ot ON ot.oid = t.job_id
LEFT JOIN streaming_job tsj ON tsj.job_id = t.job_id
WHERE r.dispatcher_type = 'NO_SHUFFLE'
  AND (s.distribution_type IS DISTINCT FROM t.distribution_type
       OR os.database_id IS DISTINCT FROM ot.database_id)
ORDER BY t.fragment_id, r.source_fragment_id;
