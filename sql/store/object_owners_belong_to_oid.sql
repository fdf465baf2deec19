-- object_owners.sql for stores with object.belong_to_oid (v3.0.3 and later): besides the
-- type rows, an object whose parent is not a schema or a database belongs to that parent.
-- The parent survives where the type rows are gone: an internal table whose "table" row was
-- removed with its job's fragments still names its job here.
SELECT wanted.oid,
       COALESCE(t.belongs_to_job_id, assoc.table_id, sub.dependent_table_id, parent.oid) AS owner_oid
FROM pg_catalog.unnest($1::int[]) AS wanted(oid)
LEFT JOIN "table" t ON t.table_id = wanted.oid
-- one hash join for all the wanted ids: a correlated subquery per id scanned "table" once per
-- finding (quadratic at scale M: 53 s for 4,814 findings)
LEFT JOIN (SELECT a.optional_associated_source_id AS source_id, min(a.table_id) AS table_id
           FROM "table" a
           JOIN pg_catalog.unnest($1::int[]) AS w(oid) ON w.oid = a.optional_associated_source_id
           GROUP BY a.optional_associated_source_id) AS assoc ON assoc.source_id = wanted.oid
LEFT JOIN subscription sub ON sub.subscription_id = wanted.oid
LEFT JOIN object o ON o.oid = wanted.oid
LEFT JOIN object parent ON parent.oid = o.belong_to_oid AND parent.obj_type NOT IN ('SCHEMA', 'DATABASE')
WHERE COALESCE(t.belongs_to_job_id, assoc.table_id, sub.dependent_table_id, parent.oid) IS NOT NULL
  AND COALESCE(t.belongs_to_job_id, assoc.table_id, sub.dependent_table_id, parent.oid) <> wanted.oid;
