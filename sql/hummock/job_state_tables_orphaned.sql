-- TABLE objects without a "table" row right after each job of $1 (int array), as (job_id,
-- table_id): RisingWave allocates a job's internal tables right after the job, and a plain
-- DELETE of its fragments cascades their "table" rows away, leaving only the objects. The run
-- of such objects ends at the first object that is anything else.
WITH jobs AS (
  SELECT DISTINCT id FROM pg_catalog.unnest($1::int[]) AS u(id)
),
bounds AS (
  SELECT j.id,
         (SELECT min(b.oid) FROM object b
          WHERE b.oid > j.id
            AND NOT (b.obj_type = 'TABLE' AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = b.oid))) AS next_oid
  FROM jobs j
)
SELECT bd.id AS job_id, o.oid AS table_id
FROM bounds bd
JOIN object jo ON jo.oid = bd.id
JOIN object o ON o.oid > bd.id AND (bd.next_oid IS NULL OR o.oid < bd.next_oid)
WHERE o.obj_type = 'TABLE'
  AND o.database_id IS NOT DISTINCT FROM jo.database_id
  AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = o.oid)
ORDER BY 1, 2;
