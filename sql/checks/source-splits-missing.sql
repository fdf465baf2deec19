-- id: source-splits-missing
-- title: source fragment of a running job has no fragment_splits row
-- invariant: INV-19
-- severity: warning
-- consequence: silent
-- repairs: manual
-- requires: fragment fragment_splits streaming_job table actor
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
--   Not reported: INITIAL jobs (T3: splits are written at post-collect), and a TABLE's DML
--   fragment. RisingWave plans a table's DML input as StreamDml over a Source node without
--   source_inner, a placeholder (src/frontend/src/optimizer/mod.rs:977-1013 @ HEAD), and the
--   fragmenter sets the Source bit for any Source node
--   (src/frontend/src/stream_fragmenter/mod.rs:433-436 @ HEAD), so that fragment is
--   {SOURCE,DML} (mask 129). Splits go only to fragments whose Source names a source
--   (find_stream_source, src/prost/src/lib.rs:461-474 @ HEAD), so it never has a row. Such a
--   fragment is told apart here by the Dml bit of a table job without a connector
--   (table.optional_associated_source_id NULL); a table with a connector reads a real source
--   in the same fragment and needs its row.
--   An upgraded store: m20251005_000000_fragment_splits creates the table empty and copies
--   nothing from actor.splits, and the source manager writes a fragment's row at its first
--   split reassignment after the meta node starts (reassign_splits,
--   src/meta/src/stream/source_manager/split_assignment.rs:344-420 @ HEAD), never for a source
--   whose enumerator discovers no split. A fragment that still has its legacy actor rows
--   (written by v2.6 or older, kept by the upgrade) and no row is therefore reported as info:
--   the actors resume from the offsets in their state table once splits are reassigned.
--   This happens after a hand-made delete, a partial restore, or a restore from a backup
--   taken before v2.7 into a newer store (the migration created the table empty). What to
--   do: usually nothing beyond watching the source manager reassign splits; restore the
--   row from a backup if the source must resume from its old offsets.
SELECT
    f.job_id AS object_id,
    f.job_id AS job_id,
    f.fragment_id,
    format('%s fragment %s of job %s (%s) has no fragment_splits row%s',
           CASE WHEN (f.fragment_type_mask & 1) <> 0 THEN 'source' ELSE 'source scan' END,
           f.fragment_id, f.job_id, sj.job_status,
           CASE WHEN legacy.fragment_id IS NOT NULL
                THEN ' yet: the store was upgraded from v2.6 or older (its actor rows remain) and the '
                     'source manager writes the row at its first split reassignment'
                ELSE '' END) AS message,
    CASE WHEN legacy.fragment_id IS NOT NULL THEN 'info' ELSE 'warning' END AS severity,
    CASE WHEN legacy.fragment_id IS NOT NULL THEN 'transient' ELSE 'silent' END AS consequence
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
LEFT JOIN LATERAL (SELECT ac.fragment_id FROM actor ac WHERE ac.fragment_id = f.fragment_id LIMIT 1) legacy ON true
WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
  AND (f.fragment_type_mask & (1 | 1024)) <> 0
  -- a table's DML fragment: its Source is a placeholder without a source
  AND NOT ((f.fragment_type_mask & 128) <> 0
           AND NOT EXISTS (SELECT 1 FROM "table" t
                           WHERE t.table_id = f.job_id AND t.optional_associated_source_id IS NOT NULL))
  AND NOT EXISTS (SELECT 1 FROM fragment_splits s WHERE s.fragment_id = f.fragment_id)
  AND ($1::int[] IS NULL OR f.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
ORDER BY f.fragment_id;
