-- id: job-parallelism-invalid
-- title: streaming job parallelism or adaptive strategy does not parse
-- invariant: INV-11
-- severity: error
-- consequence: recovery-error
-- repairs: manual
-- requires: streaming_job fragment.parallelism
-- since: m20251016_220528_fragment_parallelism
-- until: m20251215_000000_streaming_job_parallelism_strategy
-- meta-node: no strategy columns in v2.7; a malformed parallelism json (or {"Fixed": 0}) fails recovery (retried forever), not a panic
-- explain:
--   streaming_job.adaptive_parallelism_strategy (v2.8 and later) and
--   backfill_adaptive_parallelism_strategy (v3.0 and later) must be NULL or one of AUTO,
--   FULL, BOUNDED(n) with n > 0, RATIO(r) with 0 <= r <= 1, case-insensitive (parse_strategy,
--   src/common/src/system_param/adaptive_parallelism_strategy.rs:94-139 @ HEAD).
--   streaming_job.parallelism, streaming_job.backfill_parallelism and fragment.parallelism
--   (v2.7 and later) must hold serde's StreamingParallelism JSON: "Adaptive", "Custom" or
--   {"Fixed": n} with a positive integer n.
--   v2.7 has no strategy columns, and no case of this variant is a crash: every row it
--   reports is an error. Recovery reads the jobs and fragments with sea-orm, and a value
--   that does not decode (FromJsonQueryResult, src/meta/model/src/lib.rs:418-419 @ v2.7.0)
--   fails render_jobs (src/meta/src/controller/scale.rs:308-319 @ v2.7.0 for fragments,
--   src/meta/src/controller/scale.rs:333-339 @ v2.7.0 for jobs), so recovery fails and is
--   retried forever. {"Fixed": 0} decodes, renders no actors and fails the same way:
--   src/meta/src/stream/stream_graph/assignment.rs:753-756 @ v2.7.0 ("no actors to assign").
--   After an upgrade to v2.8 a bad adaptive_parallelism_strategy would panic (see the
--   v2.8 variant), but v2.7 stores have no such column.
--   This happens after hand-made edits of these columns. What to do: set the value to a
--   valid one (for example 'AUTO' or '"Adaptive"') with the meta node stopped.
SELECT * FROM (
    SELECT sj.job_id AS object_id, sj.job_id AS job_id, NULL::integer AS fragment_id,
           format('streaming job %s has parallelism %s, which is not valid streaming parallelism json',
                  sj.job_id, quote_literal(translate(left(sj.parallelism::jsonb::text, 60), E'\r\n\t', '   '))) AS message,
           'error' AS severity, 'recovery-error' AS consequence
    FROM streaming_job sj
    WHERE CASE
            WHEN sj.parallelism::jsonb IS NULL THEN NULL
            WHEN jsonb_typeof(sj.parallelism::jsonb) = 'string' AND sj.parallelism::jsonb #>> '{}' IN ('Adaptive', 'Custom') THEN NULL
            WHEN jsonb_typeof(sj.parallelism::jsonb) = 'object' AND sj.parallelism::jsonb ? 'Fixed'
                 AND (sj.parallelism::jsonb - 'Fixed'::text) = '{}'::jsonb
                 AND jsonb_typeof(sj.parallelism::jsonb -> 'Fixed') = 'number'
                 AND (sj.parallelism::jsonb ->> 'Fixed') ~ '^[0-9]{1,19}$'
                THEN CASE WHEN (sj.parallelism::jsonb ->> 'Fixed')::numeric > 0 THEN NULL ELSE 'bad' END
            ELSE 'bad'
        END IS NOT NULL
    UNION ALL
    SELECT f.job_id, f.job_id, f.fragment_id,
           format('fragment %s of job %s has parallelism %s, which is not valid streaming parallelism json',
                  f.fragment_id, f.job_id, quote_literal(translate(left(f.parallelism::jsonb::text, 60), E'\r\n\t', '   '))),
           'error', 'recovery-error'
    FROM fragment f
    WHERE CASE
            WHEN f.parallelism::jsonb IS NULL THEN NULL
            WHEN jsonb_typeof(f.parallelism::jsonb) = 'string' AND f.parallelism::jsonb #>> '{}' IN ('Adaptive', 'Custom') THEN NULL
            WHEN jsonb_typeof(f.parallelism::jsonb) = 'object' AND f.parallelism::jsonb ? 'Fixed'
                 AND (f.parallelism::jsonb - 'Fixed'::text) = '{}'::jsonb
                 AND jsonb_typeof(f.parallelism::jsonb -> 'Fixed') = 'number'
                 AND (f.parallelism::jsonb ->> 'Fixed') ~ '^[0-9]{1,19}$'
                THEN CASE WHEN (f.parallelism::jsonb ->> 'Fixed')::numeric > 0 THEN NULL ELSE 'bad' END
            ELSE 'bad'
        END IS NOT NULL
) findings
ORDER BY object_id, fragment_id NULLS FIRST, message;
