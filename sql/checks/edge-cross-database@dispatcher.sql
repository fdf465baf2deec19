-- id: edge-cross-database
-- title: fragment_relation edge crosses databases
-- invariant: INV-14
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: actor_dispatcher actor fragment object streaming_job
-- until: m20250106_072104_fragment_relation
-- meta-node: no panic found in v2.0 to v2.2; after an upgrade to v2.8 or later it panics with "cannot find fragment {} with downstream {:?}" in FragmentEdgeBuilder::add_edge during recovery
-- explain:
--   No dispatcher edge, of any dispatcher type, may join fragments whose jobs are in
--   different databases. Cross-database materialized views read through
--   CrossDbSnapshotBackfill and take no upstream edge.
--   Not a crash found in v2.0 to v2.2: recovery sends the stored dispatchers as they are,
--   with no database check (src/meta/src/barrier/recovery.rs:1161-1163 @ v2.0.7,
--   src/meta/src/barrier/context/recovery.rs:755-757 @ v2.2.6). It is reported as critical because the upgrade to v2.3 copies every
--   actor_dispatcher edge into fragment_relation
--   (src/meta/model/migration/src/m20250106_072104_fragment_relation.rs:78-106 @ v2.3.3),
--   and from v2.8 recovery panics on it in FragmentEdgeBuilder::add_edge with "cannot find
--   fragment {} with downstream {:?}" (src/meta/src/barrier/edge_builder.rs:164-167 @ v2.8.0,
--   src/meta/src/barrier/edge_builder.rs:244-247 @ HEAD); v2.4 to v2.7 panic only in a
--   per-database recovery (src/meta/src/barrier/edge_builder.rs:134-138 @ v2.6.3).
--   See edge-cross-database for the full list.
--   Edges whose downstream job is INITIAL are reported as info: recovery deletes the job
--   and its edges first.
--   This happens after hand-made edits of object.database_id (moving a job) or of
--   actor_dispatcher. What to do: move the object back to its database, or drop the
--   downstream job.
--   Before v2.3 (m20250106_072104_fragment_relation) the edges are read from
--   actor_dispatcher joined to actor (upstream actor's fragment -> dispatcher_id).
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
-- an edge inside one job joins an object to itself: only edges between jobs can cross
WHERE s.job_id IS DISTINCT FROM t.job_id
  AND os.database_id IS DISTINCT FROM ot.database_id
ORDER BY t.fragment_id, r.source_fragment_id;
