-- id: source-fragment-invalid
-- title: source fragment flags or source backfill upstream are inconsistent
-- invariant: INV-18
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: fragment actor_dispatcher actor streaming_job
-- until: m20250106_072104_fragment_relation
-- meta-node: assert!(!mask.contains(SourceScan)) and source_splits unwrap / assert_eq!(shared_source_id, source_id) panic in recovery or reschedule
-- explain:
--   No fragment has both the Source (1) and the SourceScan (1024, source backfill) bits,
--   and every SourceScan fragment is the NO_SHUFFLE downstream of a Source fragment
--   without the Dml bit (the shared source it backfills from).
--   Recovery and reschedule resolve source fragments in scale.rs: a fragment with both
--   bits trips assert!(!mask.contains(SourceScan)); a backfill fragment without its
--   upstream source fragment reaches source_splits.as_ref().unwrap() and
--   assert_eq!(shared_source_id, source_id) (resolve_source_fragments). Either aborts the
--   meta node on every start. Whether the upstream fragment reads the same source id can
--   only be checked by decoding stream_node, which this check does not do.
--   Not reported: INITIAL jobs, which the next recovery deletes.
--   This happens after a hand-made delete of fragment_relation rows (the workaround
--   posted in #21720) or of the shared source's fragments. What to do: restore the edges
--   from a backup, or drop the source backfill job.
--   Before v2.3 (m20250106_072104_fragment_relation) the edges are read from
--   actor_dispatcher joined to actor (upstream actor's fragment -> dispatcher_id).
--   Not a crash found on v2.0 to v2.2 (the releases this file covers): the asserts above
--   arrive with ensemble rendering in v2.7.0
--   (src/meta/src/controller/scale.rs:556 and :627 @ v2.7.0, :990 and :1045-1046 @ HEAD);
--   before it actors and splits are stored and
--   reused at recovery, and no panic on these fragment flags or edges was found.
WITH
-- source scan fragments with a no_shuffle upstream source fragment, each once
fed AS (
    SELECT DISTINCT r.target_fragment_id AS fragment_id
    FROM (SELECT DISTINCT a.fragment_id AS source_fragment_id,
                 ad.dispatcher_id AS target_fragment_id,
                 ad.dispatcher_type
          FROM actor_dispatcher ad
          JOIN actor a ON a.actor_id = ad.actor_id) r
    JOIN fragment u ON u.fragment_id = r.source_fragment_id
    WHERE r.dispatcher_type = 'NO_SHUFFLE'
      AND (u.fragment_type_mask & 1) <> 0
      AND (u.fragment_type_mask & 128) = 0
)
SELECT
    f.job_id AS object_id,
    f.job_id AS job_id,
    f.fragment_id,
    CASE
        WHEN (f.fragment_type_mask & 1) <> 0 AND (f.fragment_type_mask & 1024) <> 0 THEN
            format('fragment %s of job %s has both the source (1) and source scan (1024) bits (mask %s)',
                   f.fragment_id, f.job_id, f.fragment_type_mask)
        ELSE
            format('source scan fragment %s of job %s has no no_shuffle upstream source fragment',
                   f.fragment_id, f.job_id)
    END AS message,
    'critical' AS severity,
    'panic' AS consequence
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
LEFT JOIN fed ON fed.fragment_id = f.fragment_id
WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
  AND (f.fragment_type_mask & 1024) <> 0
  AND ((f.fragment_type_mask & 1) <> 0 OR fed.fragment_id IS NULL)
ORDER BY f.fragment_id;
