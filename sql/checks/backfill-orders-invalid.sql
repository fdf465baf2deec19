-- id: backfill-orders-invalid
-- title: streaming_job.backfill_orders of a CREATING job names a fragment that is not one of its backfill fragments
-- invariant: N2
-- severity: critical
-- consequence: panic
-- repairs: restore-fragments drop-job manual
-- requires: streaming_job.backfill_orders fragment
-- since: m20260120_120000_streaming_job_backfill_orders
-- meta-node: recovery rebuilds a creating job's backfill order and unwraps the child fragment's node (backfill_nodes.get_mut(child).unwrap() in barrier/backfill_order_control.rs): a crash loop
-- explain:
--   Since v2.8 (m20260120_120000_streaming_job_backfill_orders) a job created with a
--   backfill order keeps it in streaming_job.backfill_orders as JSON
--   {"parent fragment id": [child fragment id, ...]} (meta/model/src/streaming_job.rs):
--   each child backfills only after its parents. When recovery resumes a CREATING job it
--   builds one node per backfill fragment of the job (a fragment with the StreamScan 16,
--   SourceScan 1024 or LocalityProvider 131072 bit) and then, for every child in the
--   order, unwraps that child's node (recover_from_fragment_infos in
--   barrier/backfill_order_control.rs, called from barrier/rpc.rs). A child that is not a
--   backfill fragment of the same job panics the meta node at every start (critical).
--   A value that is not such an object of integer arrays does not deserialize when the
--   job is loaded (error).
--   Not reported: jobs that are not CREATING; RisingWave resets the order when the job
--   finishes, and nothing reads it for an INITIAL or CREATED job.
--   This happens after fragments were deleted, or restored from a backup under other ids,
--   while the order still names the old ones. What to do: restore the job's fragments
--   (restore also sets backfill_orders from the backup), or drop the job.
WITH creating AS (
    SELECT sj.job_id, sj.backfill_orders AS orders
    FROM streaming_job sj
    WHERE sj.job_status = 'CREATING'
      AND sj.backfill_orders IS NOT NULL
      AND jsonb_typeof(sj.backfill_orders) <> 'null'
),
malformed AS (
    SELECT c.job_id
    FROM creating c
    WHERE jsonb_typeof(c.orders) <> 'object'
       OR EXISTS (SELECT 1
                  FROM jsonb_each(c.orders) AS kv(key, value)
                  WHERE kv.key !~ '^[0-9]{1,9}$'
                     OR jsonb_typeof(kv.value) <> 'array'
                     OR EXISTS (SELECT 1 FROM jsonb_array_elements(kv.value) AS e(value)
                                WHERE jsonb_typeof(e.value) <> 'number'
                                   OR e.value::text !~ '^[0-9]{1,9}$'))
),
child AS (
    SELECT c.job_id, kv.key::integer AS parent, e.value::text::integer AS child
    FROM creating c
    CROSS JOIN LATERAL jsonb_each(c.orders) AS kv(key, value)
    CROSS JOIN LATERAL jsonb_array_elements(kv.value) AS e(value)
    WHERE c.job_id NOT IN (SELECT job_id FROM malformed)
)
SELECT m.job_id AS object_id,
       m.job_id AS job_id,
       NULL::integer AS fragment_id,
       format('backfill_orders of CREATING job %s is not an object of fragment id arrays', m.job_id) AS message,
       'error' AS severity,
       'recovery-error' AS consequence
FROM malformed m
UNION ALL
SELECT c.job_id, c.job_id, CASE WHEN f.job_id = c.job_id THEN c.child END,
       format('backfill_orders of CREATING job %s orders fragment %s after %s, but %s',
              c.job_id, c.child, c.parent,
              CASE WHEN f.fragment_id IS NULL THEN format('fragment %s does not exist', c.child)
                   WHEN f.job_id <> c.job_id THEN format('fragment %s belongs to job %s', c.child, f.job_id)
                   ELSE format('fragment %s is not a backfill fragment (type mask %s)', c.child, f.fragment_type_mask)
              END),
       'critical', 'panic'
FROM child c
LEFT JOIN fragment f ON f.fragment_id = c.child
WHERE f.fragment_id IS NULL
   OR f.job_id <> c.job_id
   OR (f.fragment_type_mask & (16 | 1024 | 131072)) = 0
ORDER BY 2, 4;
