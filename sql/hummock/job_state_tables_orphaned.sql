-- TABLE objects without a "table" row right after each job of $1 (int array), as (job_id,
-- table_id): RisingWave allocates a job's internal tables right after the job, and a plain
-- DELETE of its fragments cascades their "table" rows away, leaving only the objects. The run
-- of such objects (in the job's database) ends at the first object that is anything else; at
-- most 64 objects after a job are looked at, through the primary key.
WITH jobs AS (
  SELECT DISTINCT id FROM pg_catalog.unnest($1::int[]) AS u(id)
),
following AS (
  SELECT j.id AS job_id, x.oid, x.orphan,
         bool_and(x.orphan) OVER (PARTITION BY j.id ORDER BY x.oid) AS in_run
  FROM jobs j
  JOIN object jo ON jo.oid = j.id
  CROSS JOIN LATERAL (
    SELECT b.oid,
           b.obj_type = 'TABLE' AND b.database_id IS NOT DISTINCT FROM jo.database_id
             AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = b.oid) AS orphan
    FROM object b
    WHERE b.oid > j.id
    ORDER BY b.oid
    LIMIT 64
  ) x
)
SELECT job_id, oid AS table_id
FROM following
WHERE in_run
ORDER BY 1, 2;
