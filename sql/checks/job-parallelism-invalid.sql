-- id: job-parallelism-invalid
-- title: streaming job parallelism or adaptive strategy does not parse
-- invariant: INV-11
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: streaming_job.backfill_adaptive_parallelism_strategy streaming_job.adaptive_parallelism_strategy streaming_job.backfill_parallelism fragment.parallelism
-- since: m20260312_000000_streaming_job_backfill_parallelism_strategy
-- scope: jobs
-- meta-node: panics on expect("strategy should be validated before persisting") while rendering in recovery; malformed parallelism json fails recovery
-- explain:
--   streaming_job.adaptive_parallelism_strategy (v2.8 and later) and
--   backfill_adaptive_parallelism_strategy (v3.0 and later) must be NULL or one of AUTO,
--   FULL, BOUNDED(n) with n > 0, RATIO(r) with 0 <= r <= 1, case-insensitive (parse_strategy,
--   src/common/src/system_param/adaptive_parallelism_strategy.rs:94-139 @ HEAD).
--   streaming_job.parallelism, streaming_job.backfill_parallelism and fragment.parallelism
--   (v2.7 and later) must hold serde's StreamingParallelism JSON: "Adaptive", "Custom" or
--   {"Fixed": n} with a positive integer n.
--   The meta node parses both strategies with
--   expect("strategy should be validated before persisting") when recovery renders the
--   ensembles (EnsembleActorTemplate::render_new, reached from
--   src/meta/src/barrier/context/recovery.rs:97 @ v3.0.3):
--   src/meta/src/controller/scale.rs:1105-1112 @ v3.0.3,
--   src/meta/src/controller/scale.rs:1107-1114 @ HEAD; and when it replaces a job:
--   src/meta/src/controller/streaming_job.rs:1192 @ v3.0.3, streaming_job.rs:1505 @ HEAD.
--   Both columns are parsed for every job rendered, so a bad string aborts the meta node
--   on every start: a crash loop.
--   A parallelism value that does not decode is a sea-orm decode error
--   (FromJsonQueryResult, src/meta/model/src/lib.rs:431-432 @ v3.0.3, lib.rs:491-492 @ HEAD),
--   not a panic: loading the job fails, so recovery fails and is retried forever.
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
    SELECT sj.job_id AS object_id, sj.job_id AS job_id, NULL::integer AS fragment_id,
           format('streaming job %s has backfill_parallelism %s, which is not valid streaming parallelism json',
                  sj.job_id, quote_literal(translate(left(sj.backfill_parallelism::jsonb::text, 60), E'\r\n\t', '   '))) AS message,
           'error' AS severity, 'recovery-error' AS consequence
    FROM streaming_job sj
    WHERE CASE
            WHEN sj.backfill_parallelism::jsonb IS NULL THEN NULL
            WHEN jsonb_typeof(sj.backfill_parallelism::jsonb) = 'string' AND sj.backfill_parallelism::jsonb #>> '{}' IN ('Adaptive', 'Custom') THEN NULL
            WHEN jsonb_typeof(sj.backfill_parallelism::jsonb) = 'object' AND sj.backfill_parallelism::jsonb ? 'Fixed'
                 AND (sj.backfill_parallelism::jsonb - 'Fixed'::text) = '{}'::jsonb
                 AND jsonb_typeof(sj.backfill_parallelism::jsonb -> 'Fixed') = 'number'
                 AND (sj.backfill_parallelism::jsonb ->> 'Fixed') ~ '^[0-9]{1,19}$'
                THEN CASE WHEN (sj.backfill_parallelism::jsonb ->> 'Fixed')::numeric > 0 THEN NULL ELSE 'bad' END
            ELSE 'bad'
        END IS NOT NULL
    UNION ALL
    SELECT sj.job_id, sj.job_id, NULL::integer,
           format('streaming job %s has adaptive_parallelism_strategy %s, which does not parse as auto, full, bounded(n>0) or ratio(0..1)',
                  sj.job_id, quote_literal(translate(left(sj.adaptive_parallelism_strategy::text, 60), E'\r\n\t', '   '))),
           'critical', 'panic'
    FROM streaming_job sj
    WHERE CASE
            WHEN sj.adaptive_parallelism_strategy IS NULL THEN NULL
            WHEN sj.adaptive_parallelism_strategy ~* '^(auto|full)$' THEN NULL
            WHEN sj.adaptive_parallelism_strategy ~* '^bounded\([0-9]{1,19}\)$'
                THEN CASE WHEN substring(sj.adaptive_parallelism_strategy FROM '([0-9]+)')::numeric > 0 THEN NULL ELSE 'bad' END
            WHEN sj.adaptive_parallelism_strategy ~* '^ratio\([+-]?[0-9]{1,30}(\.[0-9]{1,30})?\)$'
                THEN CASE WHEN substring(sj.adaptive_parallelism_strategy FROM '\(([+-]?[0-9.]+)\)')::numeric BETWEEN 0 AND 1
                          THEN NULL ELSE 'bad' END
            ELSE 'bad'
        END IS NOT NULL
    UNION ALL
    SELECT sj.job_id, sj.job_id, NULL::integer,
           format('streaming job %s has backfill_adaptive_parallelism_strategy %s, which does not parse as auto, full, bounded(n>0) or ratio(0..1)',
                  sj.job_id, quote_literal(translate(left(sj.backfill_adaptive_parallelism_strategy::text, 60), E'\r\n\t', '   '))),
           'critical', 'panic'
    FROM streaming_job sj
    WHERE CASE
            WHEN sj.backfill_adaptive_parallelism_strategy IS NULL THEN NULL
            WHEN sj.backfill_adaptive_parallelism_strategy ~* '^(auto|full)$' THEN NULL
            WHEN sj.backfill_adaptive_parallelism_strategy ~* '^bounded\([0-9]{1,19}\)$'
                THEN CASE WHEN substring(sj.backfill_adaptive_parallelism_strategy FROM '([0-9]+)')::numeric > 0 THEN NULL ELSE 'bad' END
            WHEN sj.backfill_adaptive_parallelism_strategy ~* '^ratio\([+-]?[0-9]{1,30}(\.[0-9]{1,30})?\)$'
                THEN CASE WHEN substring(sj.backfill_adaptive_parallelism_strategy FROM '\(([+-]?[0-9.]+)\)')::numeric BETWEEN 0 AND 1
                          THEN NULL ELSE 'bad' END
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
-- scope (CheckSpec::scoped): every row is about the job in job_id; PostgreSQL pushes this
-- filter into each branch
WHERE $1::int[] IS NULL OR findings.job_id = ANY($1::int[])
ORDER BY object_id, fragment_id NULLS FIRST, message;
