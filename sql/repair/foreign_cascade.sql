-- Rows outside the removal set $1 (int array) that deleting it would also remove or break
-- through a cascade or a dangling reference. Any row here makes the plan refuse: the store
-- is inconsistent in a way that one DELETE FROM object would make worse.
WITH s AS (SELECT DISTINCT oid FROM pg_catalog.unnest($1::int[]) AS r(oid)),
     f AS (SELECT fragment_id, job_id FROM fragment WHERE job_id IN (SELECT oid FROM s))
SELECT 'table' AS table_name, t.table_id AS owner,
       pg_catalog.format('"table" row %s (of job %s) points at fragment %s of job %s through fragment_id',
                         t.table_id, coalesce(t.belongs_to_job_id, t.table_id), t.fragment_id, f.job_id) AS message
FROM "table" t JOIN f ON f.fragment_id = t.fragment_id
WHERE coalesce(t.belongs_to_job_id, t.table_id) NOT IN (SELECT oid FROM s)
UNION ALL
SELECT 'fragment_relation', ot.job_id,
       pg_catalog.format('job %s (not in the plan) reads from job %s through edge %s -> %s',
                         ot.job_id, os.job_id, r.source_fragment_id, r.target_fragment_id)
FROM fragment_relation r
JOIN fragment os ON os.fragment_id = r.source_fragment_id
JOIN fragment ot ON ot.fragment_id = r.target_fragment_id
-- an upstream in the plan feeding a downstream outside it: the downstream would read from nothing
-- (the reverse, a dropped downstream's inbound edge, is what every DROP removes)
WHERE os.job_id IN (SELECT oid FROM s) AND ot.job_id NOT IN (SELECT oid FROM s)
  -- a dropped sink's edge into its target table: RisingWave's own DROP SINK removes it the
  -- same way, and recovery rewrites the target's union inputs (clean_dirty_sink_downstreams)
  AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = os.job_id AND k.target_table = ot.job_id
                                        AND k.sink_id IN (SELECT oid FROM s))
UNION ALL
SELECT 'index', i.index_id,
       pg_catalog.format('index %s (not in the plan) is on table %s', i.index_id, i.primary_table_id)
FROM "index" i
WHERE i.index_id NOT IN (SELECT oid FROM s)
  AND (i.primary_table_id IN (SELECT oid FROM s) OR i.index_table_id IN (SELECT oid FROM s))
UNION ALL
SELECT 'table', t.table_id,
       pg_catalog.format('table %s (not in the plan) is bound to source %s', t.table_id, t.optional_associated_source_id)
FROM "table" t
WHERE t.table_id NOT IN (SELECT oid FROM s) AND t.optional_associated_source_id IN (SELECT oid FROM s)
UNION ALL
SELECT 'source', so.source_id,
       pg_catalog.format('source %s (not in the plan) is bound to table %s', so.source_id, so.optional_associated_table_id)
FROM source so
WHERE so.source_id NOT IN (SELECT oid FROM s) AND so.optional_associated_table_id IN (SELECT oid FROM s)
UNION ALL
SELECT 'table', t.table_id,
       pg_catalog.format('internal table %s (not in the plan) belongs to job %s', t.table_id, t.belongs_to_job_id)
FROM "table" t
WHERE t.table_id NOT IN (SELECT oid FROM s) AND t.belongs_to_job_id IN (SELECT oid FROM s)
UNION ALL
SELECT 'object', o.oid,
       pg_catalog.format('object %s (not in the plan) lives in schema or database %s', o.oid, coalesce(o.schema_id, o.database_id))
FROM object o
WHERE o.oid NOT IN (SELECT oid FROM s) AND (o.schema_id IN (SELECT oid FROM s) OR o.database_id IN (SELECT oid FROM s))
ORDER BY 1, 2;
