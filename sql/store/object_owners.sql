-- The streaming job each of the given objects ($1: int array) belongs to, for objects that
-- are part of another object's job: an internal table (table.belongs_to_job_id), a table's
-- associated source (table.optional_associated_source_id) and a subscription
-- (subscription.dependent_table_id). Objects without an owner are left out. Findings about
-- such an object carry the owner's job_id, so `check --job N` shows all of job N.
SELECT wanted.oid,
       COALESCE(t.belongs_to_job_id, assoc.table_id, sub.dependent_table_id) AS owner_oid
FROM pg_catalog.unnest($1::int[]) AS wanted(oid)
LEFT JOIN "table" t ON t.table_id = wanted.oid
-- one hash join for all the wanted ids: a correlated subquery per id scanned "table" once per
-- finding (quadratic at scale M: 53 s for 4,814 findings)
LEFT JOIN (SELECT a.optional_associated_source_id AS source_id, min(a.table_id) AS table_id
           FROM "table" a
           JOIN pg_catalog.unnest($1::int[]) AS w(oid) ON w.oid = a.optional_associated_source_id
           GROUP BY a.optional_associated_source_id) AS assoc ON assoc.source_id = wanted.oid
LEFT JOIN subscription sub ON sub.subscription_id = wanted.oid
WHERE COALESCE(t.belongs_to_job_id, assoc.table_id, sub.dependent_table_id) IS NOT NULL
  AND COALESCE(t.belongs_to_job_id, assoc.table_id, sub.dependent_table_id) <> wanted.oid;
