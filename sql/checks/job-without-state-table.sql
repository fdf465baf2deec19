-- id: job-without-state-table
-- title: streaming job's fragments list no state table
-- invariant: INV-21
-- severity: error
-- consequence: recovery-error
-- repairs: restore-fragments drop-job
-- requires: fragment streaming_job
-- scope: jobs
-- meta-node: recovery fails with "job {} in database {} has no state table after recovery" (or "job {} has no state table" for creating jobs) and is retried forever
-- explain:
--   Every streaming job renders at least one state table: the union of its fragments'
--   state_table_ids must not be empty. Recovery validates each database in
--   validate_database_info (barrier/mod.rs) and fails with "job {} in database {} has no
--   state table after recovery"; for creating jobs resolve_job_committed_epoch fails with
--   "job {} has no state table" (barrier/context/recovery.rs). The failure repeats on
--   every recovery attempt, so the database (or, without per-database isolation, the
--   whole cluster) never recovers.
--   Not reported: INITIAL jobs, which the next recovery deletes, and jobs without any
--   fragment (see job-without-fragments). A state_table_ids value that is not a JSON array
--   is reported by state-table-mismatch and counts as empty here.
--   This happens after hand-made edits of fragment.state_table_ids or a partial restore.
--   What to do: restore the job's fragment rows from a backup, or drop the job.
SELECT
    f.job_id AS object_id,
    f.job_id AS job_id,
    NULL::integer AS fragment_id,
    format('streaming job %s (%s, %s) has %s fragments and none lists a state table',
           f.job_id, min(sj.job_status), min(sj.create_type), count(*)) AS message,
    'error' AS severity,
    'recovery-error' AS consequence
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
  AND ($1::int[] IS NULL OR f.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
GROUP BY f.job_id
HAVING bool_and(
    CASE WHEN jsonb_typeof(f.state_table_ids::jsonb) = 'array'
         THEN jsonb_array_length(f.state_table_ids::jsonb) = 0
         ELSE true END)
ORDER BY f.job_id;
