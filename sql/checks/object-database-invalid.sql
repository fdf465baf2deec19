-- id: object-database-invalid
-- title: object has no database or its database row is missing
-- invariant: INV-02
-- severity: critical
-- consequence: panic
-- repairs: fix manual drop-job
-- requires: object database streaming_job table schema
-- meta-node: panics on database_id.unwrap() when it builds the catalog snapshot, or on expect("database should exist for streaming job") at reschedule; frontends panic applying the snapshot
-- explain:
--   Every object other than a DATABASE must carry a non-NULL object.database_id that has a
--   row in `database`. The only foreign key on object.database_id points at object.oid, so
--   the database row itself is not enforced by PostgreSQL.
--   A NULL database_id makes the ObjectModel to protobuf conversions (controller/mod.rs,
--   database_id.unwrap()) panic when CatalogController::snapshot or a list_* call runs,
--   for example when a frontend subscribes; recovery fails to decode the (job, database)
--   pair in scale.rs build_loaded_context. Dropping or cancelling the object fails with
--   "dropped object should have database_id" / "obj has no database id".
--   A dangling database_id on a streaming job trips
--   expect("database should exist for streaming job") in
--   LoadedFragmentContext::into_database_contexts (scale.rs) on any reschedule, and the
--   barrier worker skips the job in recovery without a message, so it is never rendered.
--   Every frontend also panics when it applies the catalog snapshot: RootCatalog
--   (frontend/src/catalog/root_catalog.rs, create_table / create_view / ...) calls
--   get_database_mut(database_id).unwrap() for every object it receives, so no frontend
--   can start while such an object is served.
--   This happens after a hand-made delete of a `database` row (instead of its object) or
--   an edit of object.database_id. What to do: recreate the database row if the
--   database object still exists, or drop the affected objects.
--   The fix (rwdoctor repair fix --object ID, or repair all) applies exactly when the
--   object is not a SCHEMA and its schema row exists in a database that has its database
--   row: it sets object.database_id to that database, the one RisingWave gave it (an object
--   lives in its schema's database), with undo and an audit row.
--   Citations: the meta-side unwrap, e.g. PbTable's, is
--   src/meta/src/controller/mod.rs:119 @ v2.0.7, :216 @ v2.4.4, :236 @ v2.8.0 and HEAD (the
--   other ObjectModel conversions, at :95/:108 @ v2.0.7 and :211/:224 @ HEAD, do the
--   same); the frontend unwrap is
--   src/frontend/src/catalog/root_catalog.rs:166-168 @ v2.0.7, :168-170 @ v2.4.4, :169-171
--   @ v2.8.0, :193-195 @ HEAD (create_table; the other create_* alike); the reschedule
--   expect is src/meta/src/controller/scale.rs:353-355 @ v3.0.3 and HEAD (not before v3.0).
SELECT
    o.oid AS object_id,
    coalesce(sj.job_id, owner_t.belongs_to_job_id) AS job_id,
    NULL::integer AS fragment_id,
    CASE
        WHEN o.database_id IS NULL THEN
            format('%s object %s has a null database_id', lower(o.obj_type), o.oid)
        WHEN dobj.oid IS NULL THEN
            format('%s object %s has database_id %s, which is not an object',
                   lower(o.obj_type), o.oid, o.database_id)
        ELSE
            format('%s object %s has database_id %s (a %s object) with no database row',
                   lower(o.obj_type), o.oid, o.database_id, lower(dobj.obj_type))
    END AS message,
    'critical' AS severity,
    'panic' AS consequence,
    -- The data decides only when the object's schema exists and lives in a real database:
    -- the object belongs in its schema's database.
    CASE WHEN o.obj_type <> 'SCHEMA' AND sd.database_id IS NOT NULL THEN
        format('UPDATE object SET database_id = %s WHERE oid = %s;', sd.database_id, o.oid)
    END AS statement
FROM object o
LEFT JOIN database d ON d.database_id = o.database_id
LEFT JOIN schema s ON s.schema_id = o.schema_id
LEFT JOIN object so ON so.oid = s.schema_id
LEFT JOIN database sd ON sd.database_id = so.database_id
LEFT JOIN object dobj ON dobj.oid = o.database_id
LEFT JOIN streaming_job sj ON sj.job_id = o.oid
LEFT JOIN "table" owner_t ON owner_t.table_id = o.oid
WHERE o.obj_type IS DISTINCT FROM 'DATABASE'
  AND d.database_id IS NULL
ORDER BY o.oid;
