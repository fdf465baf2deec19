-- The state table ids of the jobs in $1 (int array), as (job_id, table_id): the job's own
-- table (a TABLE, MATERIALIZED VIEW or index table object, even when its "table" row went with
-- its fragments), its internal tables, an index's table, and every id its fragments list in
-- state_table_ids. Read by the Hummock state grades.
WITH jobs AS (
  SELECT DISTINCT id FROM pg_catalog.unnest($1::int[]) AS u(id)
)
SELECT o.oid AS job_id, o.oid AS table_id
FROM object o JOIN jobs j ON j.id = o.oid
WHERE o.obj_type = 'TABLE'
UNION
SELECT t.belongs_to_job_id, t.table_id
FROM "table" t JOIN jobs j ON j.id = t.belongs_to_job_id
UNION
SELECT ix.index_id, ix.index_table_id
FROM "index" ix JOIN jobs j ON j.id = ix.index_id
UNION
SELECT f.job_id, e.value::text::int
FROM fragment f
JOIN jobs j ON j.id = f.job_id
CROSS JOIN LATERAL pg_catalog.jsonb_array_elements(
  CASE WHEN pg_catalog.jsonb_typeof(f.state_table_ids) = 'array' THEN f.state_table_ids ELSE '[]'::jsonb END) AS e(value)
WHERE pg_catalog.jsonb_typeof(e.value) = 'number' AND e.value::text ~ '^[0-9]{1,9}$'
ORDER BY 1, 2;
