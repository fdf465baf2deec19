-- id: job-status-invalid
-- title: streaming job has an unknown job_status or create_type
-- invariant: INV-12
-- severity: error
-- consequence: recovery-error
-- repairs: manual drop-job
-- requires: streaming_job
-- scope: jobs
-- meta-node: the row fails to decode (unknown enum string), so recovery cleanup and job listing fail and recovery is retried forever
-- explain:
--   streaming_job.job_status must be INITIAL, CREATING or CREATED and
--   streaming_job.create_type must be BACKGROUND or FOREGROUND, spelled exactly so (SeaORM
--   string enums in meta/model/src/lib.rs). Recovery reads both in
--   clean_dirty_creating_jobs (catalog/mod.rs), list_creating_jobs (catalog/list_op.rs)
--   and EnsembleActorTemplate::render_new (scale.rs); an unknown string is a decode
--   error, so every global recovery fails and is retried with backoff, and DDL that lists
--   jobs fails too.
--   This happens after hand-made edits (for example lower-case values). What to do: set
--   the intended value with the meta node stopped: CREATED for a job that was running,
--   BACKGROUND or FOREGROUND as created.
SELECT
    sj.job_id AS object_id,
    sj.job_id AS job_id,
    NULL::integer AS fragment_id,
    format('streaming job %s has %s',
           sj.job_id,
           concat_ws(' and ',
               CASE WHEN sj.job_status NOT IN ('INITIAL', 'CREATING', 'CREATED')
                    THEN format('unknown job_status %s',
                                quote_literal(translate(left(sj.job_status, 40), E'\r\n\t', '   ')))
               END,
               CASE WHEN sj.create_type NOT IN ('BACKGROUND', 'FOREGROUND')
                    THEN format('unknown create_type %s',
                                quote_literal(translate(left(sj.create_type, 40), E'\r\n\t', '   ')))
               END)) AS message,
    'error' AS severity,
    'recovery-error' AS consequence
FROM streaming_job sj
WHERE (sj.job_status NOT IN ('INITIAL', 'CREATING', 'CREATED')
       OR sj.create_type NOT IN ('BACKGROUND', 'FOREGROUND'))
  AND ($1::int[] IS NULL OR sj.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
ORDER BY sj.job_id;
