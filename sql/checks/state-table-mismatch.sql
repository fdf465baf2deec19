-- id: state-table-mismatch
-- title: table.fragment_id and fragment.state_table_ids disagree
-- invariant: INV-16
-- severity: critical
-- consequence: data-loss
-- repairs: restore-fragments manual
-- requires: fragment table streaming_job object sink source object_dependency
-- meta-node: state tables that no loaded fragment lists are purged from hummock at the next global recovery; wrong fragment ids break batch reads and dml
-- explain:
--   For every job that is not INITIAL: each of its `table` rows (main table and internal
--   tables; the job is coalesce(belongs_to_job_id, table_id)) has a non-NULL fragment_id
--   pointing to a fragment of the same job whose state_table_ids JSON array contains the
--   table id; each table id is listed by exactly one fragment; and every id listed in
--   fragment.state_table_ids is a `table` row of the fragment's job. state_table_ids must
--   be a JSON array of integers. RisingWave writes all of this in prepare_streaming_job
--   and in the replace path's finish_fragments (streaming_job.rs).
--   The hummock purge of every global recovery keeps only the state tables listed by
--   loaded fragments (barrier/context/recovery.rs reload_runtime_info_impl,
--   HummockManager::purge), so a table that no fragment of its job lists loses its
--   state (critical). A wrong or missing table.fragment_id makes batch reads and DML fail
--   with "Streaming vnode mapping not found for fragment" (#19265). Ids listed without a
--   table row, listed twice, or a state_table_ids value that does not decode break
--   recovery (error).
--   Not reported: INITIAL jobs (T2: fragment_id is not set yet), temporary replacement jobs
--   (T5: their fragments list the original's state tables until the replace finishes) and
--   sink replacements named __rw_replacing_sink_* (T6).
--   This happens after a recovery during CREATE SINK INTO TABLE on old versions, partial
--   restores, or hand-made edits. What to do: restore the fragment and table rows of the
--   job together from a backup, or drop the job.
WITH
skip_job AS (
    SELECT sj.job_id
    FROM streaming_job sj
    JOIN object o ON o.oid = sj.job_id
    WHERE sj.job_status = 'INITIAL'
       OR (sj.job_status IS DISTINCT FROM 'CREATED'
           AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = sj.job_id)
           AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = sj.job_id)
           AND NOT EXISTS (SELECT 1 FROM source s WHERE s.source_id = sj.job_id)
           AND EXISTS (SELECT 1
                       FROM object_dependency d
                       JOIN object orig ON orig.oid = d.oid
                       JOIN streaming_job osj ON osj.job_id = d.oid
                       WHERE d.used_by = sj.job_id AND orig.obj_type = o.obj_type
                         AND d.oid <> sj.job_id))
       OR EXISTS (SELECT 1 FROM sink k
                  WHERE k.sink_id = sj.job_id AND k.name LIKE '\_\_rw\_replacing\_sink\_%')
),
frag AS (
    SELECT f.fragment_id, f.job_id, f.state_table_ids::jsonb AS ids
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = f.job_id)
),
elem AS (
    SELECT fr.fragment_id, fr.job_id, e.value AS raw,
           CASE WHEN jsonb_typeof(e.value) = 'number' AND (e.value #>> '{}') ~ '^[0-9]{1,10}$'
                THEN CASE WHEN (e.value #>> '{}')::bigint <= 2147483647
                          THEN (e.value #>> '{}')::integer END
           END AS table_id
    FROM frag fr
    CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(fr.ids) = 'array' THEN fr.ids ELSE '[]'::jsonb END) e
),
job_table AS (
    SELECT t.table_id, coalesce(t.belongs_to_job_id, t.table_id) AS job_id, t.fragment_id
    FROM "table" t
),
findings AS (
    -- state_table_ids is not an array
    SELECT fr.job_id AS object_id, fr.job_id, fr.fragment_id,
           format('fragment %s of job %s has state_table_ids %s, which is not a json array',
                  fr.fragment_id, fr.job_id,
                  coalesce(quote_literal(left(fr.ids::text, 60)), 'null')) AS message,
           'error' AS severity, 'recovery-error' AS consequence
    FROM frag fr
    WHERE fr.ids IS NULL OR jsonb_typeof(fr.ids) <> 'array'
    UNION ALL
    -- elements that are not table ids
    SELECT e.job_id, e.job_id, e.fragment_id,
           format('fragment %s of job %s lists %s in state_table_ids, which is not a table id',
                  e.fragment_id, e.job_id, quote_literal(left(e.raw::text, 40))),
           'error', 'recovery-error'
    FROM elem e
    WHERE e.table_id IS NULL
    UNION ALL
    -- listed ids without a table row of the same job
    SELECT e.job_id, e.job_id, e.fragment_id,
           CASE WHEN jt.table_id IS NULL
                THEN format('fragment %s of job %s lists state table %s, which has no table row',
                            e.fragment_id, e.job_id, e.table_id)
                ELSE format('fragment %s of job %s lists state table %s, which belongs to job %s',
                            e.fragment_id, e.job_id, e.table_id, jt.job_id)
           END,
           'error', 'recovery-error'
    FROM elem e
    LEFT JOIN job_table jt ON jt.table_id = e.table_id
    WHERE e.table_id IS NOT NULL
      AND (jt.table_id IS NULL OR jt.job_id <> e.job_id)
    UNION ALL
    -- ids listed by more than one fragment
    SELECT min(e.job_id), min(e.job_id), min(e.fragment_id),
           format('state table %s is listed by %s fragments (%s)',
                  e.table_id, count(DISTINCT e.fragment_id),
                  string_agg(DISTINCT e.fragment_id::text, ', ')),
           'error', 'recovery-error'
    FROM elem e
    WHERE e.table_id IS NOT NULL
    GROUP BY e.table_id
    HAVING count(DISTINCT e.fragment_id) > 1
    UNION ALL
    -- table rows whose fragment_id does not list them
    SELECT jt.table_id, jt.job_id, jt.fragment_id,
           format('%s table %s of job %s (%s) %s%s',
                  CASE WHEN jt.table_id = jt.job_id THEN 'main' ELSE 'state' END,
                  jt.table_id, jt.job_id, sj.job_status,
                  CASE
                      WHEN jt.fragment_id IS NULL THEN 'has a null fragment_id'
                      WHEN f.fragment_id IS NULL
                          THEN format('has fragment_id %s, which does not exist', jt.fragment_id)
                      WHEN f.job_id <> jt.job_id
                          THEN format('has fragment_id %s, which belongs to job %s',
                                      jt.fragment_id, f.job_id)
                      ELSE format('has fragment_id %s, whose state_table_ids do not list it',
                                  jt.fragment_id)
                  END,
                  CASE WHEN lst.fragment_id IS NULL
                       THEN '; no fragment of the job lists it, so its state is purged at the next global recovery'
                       ELSE format('; fragment %s lists it', lst.fragment_id)
                  END),
           CASE WHEN lst.fragment_id IS NULL THEN 'critical' ELSE 'error' END,
           CASE WHEN lst.fragment_id IS NULL THEN 'data-loss' ELSE 'ddl-error' END
    FROM job_table jt
    JOIN streaming_job sj ON sj.job_id = jt.job_id
    LEFT JOIN fragment f ON f.fragment_id = jt.fragment_id
    LEFT JOIN LATERAL (
        SELECT min(e.fragment_id) AS fragment_id
        FROM elem e WHERE e.job_id = jt.job_id AND e.table_id = jt.table_id
    ) lst ON true
    WHERE NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = jt.job_id)
      AND (jt.fragment_id IS NULL
           OR f.fragment_id IS NULL
           OR f.job_id <> jt.job_id
           OR NOT EXISTS (SELECT 1 FROM elem e
                          WHERE e.fragment_id = jt.fragment_id AND e.table_id = jt.table_id))
)
SELECT object_id, job_id, fragment_id, message, severity, consequence
FROM findings
ORDER BY object_id, fragment_id NULLS FIRST, message;
