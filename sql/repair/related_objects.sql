-- Objects related to the objects in $1 (int array) that a complete drop must consider, one
-- row per relation: (oid, related_oid, relation). rwdoctor decides which relations join the
-- removal set and which make the plan refuse (see lib/repair/removal_set.cpp).
--   internal_table    "table".belongs_to_job_id = oid
--   associated_source the table's connector source (either direction of the binding)
--   replacement       a temporary ALTER/replace job of oid (streaming_job, no type row, not CREATED)
--   sink_into         a sink whose target_table is oid
--   subscription      a subscription on oid
--   child             object.belong_to_oid = oid (HEAD)
--   orphan_internal   an orphan TABLE/SOURCE object created right after job oid, in its schema,
--                     whose type row is gone (typically its internal tables after a fragment
--                     delete cascaded their table rows away)
--   dependent         object_dependency(oid, used_by) of any other kind
WITH frontier AS (
  SELECT DISTINCT oid FROM pg_catalog.unnest($1::int[]) AS f(oid)
),
typed AS (
  SELECT o.oid,
         EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = o.oid)
         OR EXISTS (SELECT 1 FROM source s WHERE s.source_id = o.oid)
         OR EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = o.oid)
         OR EXISTS (SELECT 1 FROM "index" i WHERE i.index_id = o.oid)
         OR EXISTS (SELECT 1 FROM view v WHERE v.view_id = o.oid)
         OR EXISTS (SELECT 1 FROM subscription x WHERE x.subscription_id = o.oid)
         OR o.obj_type NOT IN ('TABLE', 'SOURCE', 'SINK', 'INDEX', 'VIEW', 'SUBSCRIPTION') AS has_type_row,
         EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = o.oid) AS is_job
  FROM object o
),
placeholder AS (
  SELECT sj.job_id AS oid
  FROM streaming_job sj JOIN typed ON typed.oid = sj.job_id
  WHERE NOT typed.has_type_row AND sj.job_status <> 'CREATED'
),
-- For each job of the frontier, the first object after it that is not an orphan: every
-- object between the two is an orphan, and those in the job's schema are its orphan
-- internal tables. Found by walking the primary key up from the job, so the cost follows
-- the orphans right after each job, not jobs times orphans.
orphan_run AS (
  SELECT f.oid AS job, fo.database_id, fo.schema_id,
         (SELECT min(b.oid)
          FROM object b
          WHERE b.oid > f.oid
            AND NOT (b.obj_type IN ('TABLE', 'SOURCE')
                     AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = b.oid)
                     AND NOT EXISTS (SELECT 1 FROM source s WHERE s.source_id = b.oid)
                     AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = b.oid)
                     AND NOT EXISTS (SELECT 1 FROM "index" i WHERE i.index_id = b.oid)
                     AND NOT EXISTS (SELECT 1 FROM view v WHERE v.view_id = b.oid)
                     AND NOT EXISTS (SELECT 1 FROM subscription x WHERE x.subscription_id = b.oid)
                     AND NOT EXISTS (SELECT 1 FROM streaming_job sj2 WHERE sj2.job_id = b.oid))) AS stop
  FROM frontier f
  JOIN streaming_job sj ON sj.job_id = f.oid
  JOIN object fo ON fo.oid = f.oid
),
related AS (
  SELECT f.oid, t.table_id AS related_oid, 'internal_table' AS relation
  FROM frontier f JOIN "table" t ON t.belongs_to_job_id = f.oid
  UNION
  SELECT f.oid, t.optional_associated_source_id, 'associated_source'
  FROM frontier f JOIN "table" t ON t.table_id = f.oid
  WHERE t.optional_associated_source_id IS NOT NULL
  UNION
  SELECT f.oid, s.source_id, 'associated_source'
  FROM frontier f JOIN source s ON s.optional_associated_table_id = f.oid
  UNION
  SELECT f.oid, d.used_by, 'replacement'
  FROM frontier f JOIN object_dependency d ON d.oid = f.oid JOIN placeholder p ON p.oid = d.used_by
  UNION
  SELECT f.oid, k.sink_id, 'sink_into'
  FROM frontier f JOIN sink k ON k.target_table = f.oid
  UNION
  SELECT f.oid, x.subscription_id, 'subscription'
  FROM frontier f JOIN subscription x ON x.dependent_table_id = f.oid
  UNION
  SELECT f.oid, d.used_by, 'dependent'
  FROM frontier f JOIN object_dependency d ON d.oid = f.oid
  WHERE d.used_by NOT IN (SELECT oid FROM placeholder)
    AND d.used_by NOT IN (SELECT subscription_id FROM subscription WHERE dependent_table_id = f.oid)
    AND d.used_by <> f.oid
  UNION
  SELECT r.job, o.oid, 'orphan_internal'
  FROM orphan_run r
  JOIN object o ON o.oid > r.job AND o.oid < coalesce(r.stop, 2147483647)
  WHERE o.database_id IS NOT DISTINCT FROM r.database_id
    AND o.schema_id IS NOT DISTINCT FROM r.schema_id
)
SELECT oid, related_oid, relation FROM related WHERE related_oid IS NOT NULL
ORDER BY 1, 2, 3;
