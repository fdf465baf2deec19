-- id: job-parallelism-invalid
-- title: streaming job parallelism or adaptive strategy does not parse
-- invariant: INV-11
-- severity: error
-- consequence: recovery-error
-- repairs: manual
-- requires: streaming_job
-- until: m20251016_220528_fragment_parallelism
-- meta-node: no strategy columns before v2.7; a malformed parallelism json is a decode error that fails recovery (retried forever), not a panic
-- explain:
--   streaming_job.adaptive_parallelism_strategy (v2.8 and later) and
--   backfill_adaptive_parallelism_strategy (v3.0 and later) must be NULL or one of AUTO,
--   FULL, BOUNDED(n) with n > 0, RATIO(r) with 0 <= r <= 1, case-insensitive (parse_strategy,
--   src/common/src/system_param/adaptive_parallelism_strategy.rs:94-139 @ HEAD).
--   streaming_job.parallelism, streaming_job.backfill_parallelism and fragment.parallelism
--   (v2.7 and later) must hold serde's StreamingParallelism JSON: "Adaptive", "Custom" or
--   {"Fixed": n} with a positive integer n.
--   v2.0 to v2.6 have no strategy columns and no fragment.parallelism, and no case of this
--   variant is a crash: every row it reports is an error. A streaming_job.parallelism that
--   does not decode (FromJsonQueryResult, src/meta/model/src/lib.rs:439-440 @ v2.6.3,
--   src/meta/model_v2/src/lib.rs:412-413 @ v2.0.7) is a sea-orm error returned with ?, e.g.
--   in get_all_streaming_parallelisms
--   (src/meta/src/controller/catalog/get_op.rs:268-276 @ v2.6.3), which recovery's offline
--   scaling calls
--   (src/meta/src/barrier/context/recovery.rs:833-836 @ v2.6.3): recovery fails and is
--   retried forever, and DDL on the job fails.
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
) findings
ORDER BY object_id, fragment_id NULLS FIRST, message;
