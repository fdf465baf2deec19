-- The objects of $1 (int array) that are leftovers, object-orphaned's fix: no row in any type
-- table, not a DATABASE or SCHEMA, no streaming job, no object_dependency row either way, no
-- internal table and no child object (object.belong_to_oid, read through to_jsonb so that one
-- file serves every generation). The repair also requires that deleting one removes no other
-- row (lib/repair/fix_plan.cpp).
SELECT o.oid
FROM object o
WHERE o.oid = ANY ($1::int[])
  AND o.obj_type NOT IN ('DATABASE', 'SCHEMA')
  AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM source s WHERE s.source_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM "index" i WHERE i.index_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM view v WHERE v.view_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM subscription x WHERE x.subscription_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM function fn WHERE fn.function_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM connection c WHERE c.connection_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM secret sc WHERE sc.secret_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM object_dependency od WHERE od.oid = o.oid OR od.used_by = o.oid)
  AND NOT EXISTS (SELECT 1 FROM "table" it WHERE it.belongs_to_job_id = o.oid)
  AND NOT EXISTS (SELECT 1 FROM object ch WHERE (pg_catalog.to_jsonb(ch) ->> 'belong_to_oid')::int = o.oid)
ORDER BY o.oid;
