-- id: source-fragment-invalid
-- title: source fragment flags or source backfill upstream are inconsistent
-- invariant: INV-18
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: fragment fragment_relation streaming_job
-- since: m20250106_072104_fragment_relation
-- scope: jobs fragments
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
--   Citations (render_jobs / ensemble rendering, at every recovery):
--   src/meta/src/controller/scale.rs:556 assert!(!SourceScan) @ v2.7.0, :627 assert_eq!
--   @ v2.7.0; :789 and :859 @ v2.8.0; :988, :1043 unwrap, :1044 assert_eq! @ v3.0.3; :990,
--   :1045 unwrap, :1046 assert_eq! @ HEAD. Not a crash found on v2.3 to v2.6: these asserts
--   arrive with rendering in v2.7.0; before it actors and splits are stored, and the
--   backfill's upstream source fragment is read from its stream node, not from the edge.
WITH
-- source scan fragments with a no_shuffle upstream source fragment, each once
fed AS (
    SELECT DISTINCT r.target_fragment_id AS fragment_id
    FROM fragment_relation r
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
  -- scope (CheckSpec::scoped): the jobs' fragments ($2), and fragments their edges lead to,
  -- read through the primary keys
  AND ($1::int[] IS NULL
       OR f.fragment_id = ANY(ARRAY(SELECT s.fragment_id FROM unnest($2::int[]) AS s(fragment_id)
                                    UNION
                                    SELECT r.target_fragment_id
                                    FROM fragment_relation r
                                    WHERE r.source_fragment_id = ANY($2::int[]))))
  AND ((f.fragment_type_mask & 1) <> 0 OR fed.fragment_id IS NULL)
ORDER BY f.fragment_id;
