-- For each state table id in $1 (int array): the job it belongs to (an internal table's job,
-- the job whose fragment lists it, an index's job, else the table's own id), its database
-- (the table's object, else its job's), that job's status and the table's object type. Ids with no catalog row at all
-- come back with NULLs. Used to find each database's newest committed epoch in Hummock.
-- batch_refresh: the job is a batch-refresh materialized view (streaming_job.refresh_interval_sec
-- set, HEAD after v3.0.3; read through to_jsonb so that stores without the column answer false):
-- its tables sit behind their database between refreshes by design.
WITH wanted AS (
  SELECT DISTINCT id FROM pg_catalog.unnest($1::int[]) AS u(id)
),
listed AS (
  SELECT DISTINCT ON (e.value::text::int) e.value::text::int AS table_id, f.job_id
  FROM fragment f
  CROSS JOIN LATERAL pg_catalog.jsonb_array_elements(
    CASE WHEN pg_catalog.jsonb_typeof(f.state_table_ids) = 'array' THEN f.state_table_ids ELSE '[]'::jsonb END) AS e(value)
  WHERE pg_catalog.jsonb_typeof(e.value) = 'number'
    AND e.value::text ~ '^[0-9]{1,9}$'
    AND e.value::text::int IN (SELECT id FROM wanted)
  ORDER BY e.value::text::int, f.job_id
),
owned AS (
  SELECT w.id AS table_id,
         COALESCE(t.belongs_to_job_id, l.job_id,
                  (SELECT min(ix.index_id) FROM "index" ix WHERE ix.index_table_id = w.id), t.table_id) AS job_id
  FROM wanted w
  LEFT JOIN "table" t ON t.table_id = w.id
  LEFT JOIN listed l ON l.table_id = w.id
)
SELECT o.table_id, o.job_id, COALESCE(tobj.database_id, jobj.database_id) AS database_id, sj.job_status,
       tobj.obj_type::text AS obj_type,
       pg_catalog.jsonb_typeof(pg_catalog.to_jsonb(sj) -> 'refresh_interval_sec') = 'number' AS batch_refresh
FROM owned o
LEFT JOIN object tobj ON tobj.oid = o.table_id
LEFT JOIN object jobj ON jobj.oid = o.job_id
LEFT JOIN streaming_job sj ON sj.job_id = o.job_id
ORDER BY o.table_id;
