-- id: object-schema-invalid
-- title: object has no schema, a missing schema, or a schema in another database
-- invariant: INV-03
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: object schema streaming_job table
-- scope: jobs tables
-- meta-node: panics on schema_id.unwrap() when it builds the catalog snapshot; frontends panic applying the snapshot
-- explain:
--   Every object other than a DATABASE or a SCHEMA must carry a non-NULL object.schema_id
--   whose `schema` row exists and whose schema object lies in the same database. A SCHEMA
--   object has database_id set and schema_id NULL; a DATABASE object has both NULL.
--   PostgreSQL only enforces that schema_id is some object (FK_object_schema_id).
--   The catalog conversions in controller/mod.rs call schema_id.unwrap(), so a NULL
--   schema_id panics the meta node when it builds the catalog snapshot or lists
--   relations. A dangling schema, or a schema of another database, panics every frontend
--   when it applies the catalog snapshot: RootCatalog (frontend/src/catalog/root_catalog.rs)
--   calls get_database_mut(database_id).unwrap().get_schema_mut(schema_id).unwrap() for
--   every object, so no frontend can start. It also breaks the parent rules of
--   create_object (catalog/create_op.rs), and DROP SCHEMA / DROP DATABASE no longer see
--   the object.
--   This happens after a hand-made delete of a `schema` row or an edit of object rows.
--   What to do: point the object at the right schema of its database, or drop it.
--   Citations: the meta-side unwrap, e.g. PbTable's, is
--   src/meta/src/controller/mod.rs:118 @ v2.0.7, :215 @ v2.4.4, :235 @ v2.8.0 and HEAD (the
--   other ObjectModel conversions do the same); the frontend unwraps are
--   src/frontend/src/catalog/root_catalog.rs:166-170 @ v2.0.7, :168-172 @ v2.4.4, :169-173
--   @ v2.8.0, :193-197 @ HEAD (create_table; the other create_* alike).
SELECT
    o.oid AS object_id,
    coalesce(sj.job_id, owner_t.belongs_to_job_id) AS job_id,
    NULL::integer AS fragment_id,
    CASE
        WHEN o.obj_type = 'DATABASE' THEN
            format('database object %s has schema_id %s and database_id %s; both must be null',
                   o.oid, coalesce(o.schema_id::text, 'null'), coalesce(o.database_id::text, 'null'))
        WHEN o.obj_type = 'SCHEMA' THEN
            format('schema object %s has schema_id %s; it must be null', o.oid, o.schema_id)
        WHEN o.schema_id IS NULL THEN
            format('%s object %s has a null schema_id', lower(o.obj_type), o.oid)
        WHEN s.schema_id IS NULL THEN
            format('%s object %s has schema_id %s, which has no schema row',
                   lower(o.obj_type), o.oid, o.schema_id)
        ELSE
            format('%s object %s is in database %s but its schema %s is in database %s',
                   lower(o.obj_type), o.oid, coalesce(o.database_id::text, 'null'),
                   o.schema_id, coalesce(so.database_id::text, 'null'))
    END AS message,
    CASE
        WHEN o.obj_type IN ('DATABASE', 'SCHEMA') THEN 'warning'
        ELSE 'critical'
    END AS severity,
    CASE
        WHEN o.obj_type IN ('DATABASE', 'SCHEMA') THEN 'silent'
        ELSE 'panic'
    END AS consequence
FROM object o
LEFT JOIN schema s ON s.schema_id = o.schema_id
LEFT JOIN object so ON so.oid = o.schema_id
LEFT JOIN streaming_job sj ON sj.job_id = o.oid
LEFT JOIN "table" owner_t ON owner_t.table_id = o.oid
WHERE ((o.obj_type = 'DATABASE' AND (o.schema_id IS NOT NULL OR o.database_id IS NOT NULL))
       OR (o.obj_type = 'SCHEMA' AND o.schema_id IS NOT NULL)
       OR (o.obj_type NOT IN ('DATABASE', 'SCHEMA')
           AND (s.schema_id IS NULL
                OR so.database_id IS DISTINCT FROM o.database_id)))
  -- scope (CheckSpec::scoped): the jobs' objects and the objects of their table rows ($2),
  -- read through the primary key
  AND ($1::int[] IS NULL
       OR o.oid = ANY(ARRAY(SELECT j.oid FROM unnest($1::int[]) AS j(oid)
                            UNION
                            SELECT s.table_id FROM unnest($2::int[]) AS s(table_id))))
ORDER BY o.oid;
