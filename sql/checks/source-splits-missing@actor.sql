-- id: source-splits-missing
-- title: source fragment of a running job has no actor with splits
-- invariant: INV-19
-- severity: warning
-- consequence: silent
-- repairs: manual
-- requires: fragment actor streaming_job table
-- until: m20251005_000000_fragment_splits
-- meta-node: actors start with no splits until the source manager reassigns them
-- explain:
--   Up to v2.6 the split assignment of each Source (1) and SourceScan (1024, source
--   backfill) fragment is stored per actor in actor.splits (ConnectorSplits protobuf,
--   written by update_actor_splits and read by load_actor_splits, which skips NULLs).
--   A Source or SourceScan fragment of a CREATING or CREATED job whose actors all have
--   NULL splits has lost its assignment: recovery starts the actors with no splits and
--   they read nothing until the source manager reassigns them. Fragments without any
--   actor row are reported by actor-missing. Whether the blobs decode is checked by
--   blob-malformed.
--   Not reported: INITIAL jobs, which the next recovery deletes, and a TABLE's DML fragment
--   ({SOURCE,DML}, mask 129): its Source node is a placeholder without source_inner, so its
--   actors never get splits (src/meta/src/controller/fragment.rs:249-253 @ v2.4.0); see the
--   main file of this check.
--   This happens after hand-made updates or partial restores of the actor table. What to
--   do: usually nothing beyond watching the source manager reassign splits; restore the
--   actor rows from a backup if the source must resume from its old offsets.
SELECT
    f.job_id AS object_id,
    f.job_id AS job_id,
    f.fragment_id,
    format('%s fragment %s of job %s (%s) has %s actors and none has splits',
           CASE WHEN (f.fragment_type_mask & 1) <> 0 THEN 'source' ELSE 'source scan' END,
           f.fragment_id, f.job_id, sj.job_status, count(*)) AS message,
    'warning' AS severity,
    'silent' AS consequence
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
JOIN actor ac ON ac.fragment_id = f.fragment_id
WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
  AND (f.fragment_type_mask & (1 | 1024)) <> 0
  -- a table's DML fragment: its Source is a placeholder without a source
  AND NOT ((f.fragment_type_mask & 128) <> 0
           AND NOT EXISTS (SELECT 1 FROM "table" t
                           WHERE t.table_id = f.job_id AND t.optional_associated_source_id IS NOT NULL))
GROUP BY f.fragment_id, sj.job_id
HAVING count(*) FILTER (WHERE ac.splits IS NOT NULL) = 0
ORDER BY f.fragment_id;
