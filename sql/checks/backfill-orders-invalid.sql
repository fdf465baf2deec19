-- id: backfill-orders-invalid
-- title: streaming_job.backfill_orders of a CREATING job names a fragment that is not one of its backfill fragments
-- invariant: N2
-- severity: critical
-- consequence: panic
-- repairs: restore-fragments drop-job manual
-- requires: streaming_job.backfill_orders fragment seaql_migrations
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
--   A FOREGROUND CREATING job is info on v2.8.0 to v3.0.3: their recovery first deletes
--   every foreground CREATING job (clean_dirty_creating_jobs filter Initial OR (Creating AND
--   Foreground), src/meta/src/controller/catalog/mod.rs:438-442 @ v2.8.0, :470-474 @ v3.0.3)
--   and builds the backfill order only for background-creating jobs
--   (src/meta/src/barrier/rpc.rs:879-894 @ v2.8.0: if is_background_creating), so the order
--   is never unwrapped and the job is dropped instead (its CREATE fails). HEAD keeps
--   foreground CREATING jobs across recovery (#26472, catalog/mod.rs:637-702 @ HEAD) and
--   rebuilds their order (rpc.rs:893-904 @ HEAD, is_creating): critical there, told apart by
--   HEAD's m20260805_000000_object_belong_to_oid, as job-without-fragments does (which says
--   where that reading stops: the option clean_all_foreground_jobs_on_recovery, and nightlies
--   between #26491 and #26472).
--   Not reported: jobs that are not CREATING; RisingWave resets the order when the job
--   finishes, and nothing reads it for an INITIAL or CREATED job.
--   This happens after fragments were deleted, or restored from a backup under other ids,
--   while the order still names the old ones. What to do: restore the job's fragments
--   (restore also sets backfill_orders from the backup), or drop the job.
WITH head AS (
    SELECT EXISTS (
        SELECT 1 FROM seaql_migrations
        WHERE version = 'm20260805_000000_object_belong_to_oid'
    ) AS keeps_foreground
),
creating AS (
    SELECT sj.job_id, sj.backfill_orders AS orders,
           (sj.create_type = 'FOREGROUND' AND NOT h.keeps_foreground) AS dropped_by_recovery
    FROM streaming_job sj
    CROSS JOIN head h
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
    SELECT c.job_id, kv.key::integer AS parent, e.value::text::integer AS child, c.dropped_by_recovery
    FROM creating c
    CROSS JOIN LATERAL jsonb_each(c.orders) AS kv(key, value)
    CROSS JOIN LATERAL jsonb_array_elements(kv.value) AS e(value)
    WHERE c.job_id NOT IN (SELECT job_id FROM malformed)
)
SELECT m.job_id AS object_id,
       m.job_id AS job_id,
       NULL::integer AS fragment_id,
       format('backfill_orders of CREATING job %s is not an object of fragment id arrays%s', m.job_id,
              CASE WHEN c.dropped_by_recovery
                   THEN '; the next recovery deletes this foreground job, which never reads it' ELSE '' END) AS message,
       CASE WHEN c.dropped_by_recovery THEN 'info' ELSE 'error' END AS severity,
       CASE WHEN c.dropped_by_recovery THEN 'transient' ELSE 'recovery-error' END AS consequence
FROM malformed m
JOIN creating c ON c.job_id = m.job_id
UNION ALL
SELECT c.job_id, c.job_id, CASE WHEN f.job_id = c.job_id THEN c.child END,
       format('backfill_orders of CREATING job %s orders fragment %s after %s, but %s',
              c.job_id, c.child, c.parent,
              CASE WHEN f.fragment_id IS NULL THEN format('fragment %s does not exist', c.child)
                   WHEN f.job_id <> c.job_id THEN format('fragment %s belongs to job %s', c.child, f.job_id)
                   ELSE format('fragment %s is not a backfill fragment (type mask %s)', c.child, f.fragment_type_mask)
              END)
       || CASE WHEN c.dropped_by_recovery
               THEN '; the next recovery deletes this foreground job instead of resuming it, so its CREATE fails'
               ELSE '' END,
       CASE WHEN c.dropped_by_recovery THEN 'info' ELSE 'critical' END,
       CASE WHEN c.dropped_by_recovery THEN 'transient' ELSE 'panic' END
FROM child c
LEFT JOIN fragment f ON f.fragment_id = c.child
WHERE f.fragment_id IS NULL
   OR f.job_id <> c.job_id
   OR (f.fragment_type_mask & (16 | 1024 | 131072)) = 0
ORDER BY 2, 4;
