-- id: source-splits-missing
-- title: source fragment of a running job has no fragment_splits row
-- invariant: INV-19
-- severity: warning
-- consequence: silent
-- repairs: manual
-- requires: fragment fragment_splits streaming_job
-- since: m20251005_000000_fragment_splits
-- scope: jobs
-- meta-node: actors start with no splits until the source manager reassigns them
-- explain:
--   Since v2.7 (m20251005_000000_fragment_splits) the split assignment of each Source (1)
--   and SourceScan (1024, source backfill) fragment is stored in fragment_splits, one row
--   per fragment. post_collect_job_fragments writes it in the same transaction that moves
--   the job to CREATING, and reschedule post-collect updates it (update_fragment_splits
--   in controller/fragment.rs), so every such fragment of a CREATING or CREATED job should
--   have a row. The FK on fragment_splits.fragment_id cascades, so rows for deleted
--   fragments cannot remain.
--   Without the row, recovery renders the source actors with no splits (scale.rs) and
--   they read nothing until the source manager's next reassignment. Whether the row's
--   protobuf decodes is checked by blob-malformed.
--   Not reported: INITIAL jobs (T3: splits are written at post-collect).
--   This happens after a hand-made delete, a partial restore, or a restore from a backup
--   taken before v2.7 into a newer store (the migration created the table empty). What to
--   do: usually nothing beyond watching the source manager reassign splits; restore the
--   row from a backup if the source must resume from its old offsets.
SELECT
    f.job_id AS object_id,
    f.job_id AS job_id,
    f.fragment_id,
    format('%s fragment %s of job %s (%s) has no fragment_splits row',
           CASE WHEN (f.fragment_type_mask & 1) <> 0 THEN 'source' ELSE 'source scan' END,
           f.fragment_id, f.job_id, sj.job_status) AS message,
    'warning' AS severity,
    'silent' AS consequence
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
  AND (f.fragment_type_mask & (1 | 1024)) <> 0
  AND NOT EXISTS (SELECT 1 FROM fragment_splits s WHERE s.fragment_id = f.fragment_id)
  AND ($1::int[] IS NULL OR f.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
ORDER BY f.fragment_id;
