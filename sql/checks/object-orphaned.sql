-- id: object-orphaned
-- title: object has no row in its type table
-- invariant: INV-05
-- severity: warning
-- consequence: silent
-- repairs: fix manual
-- requires: object table source sink index view subscription function connection secret schema database streaming_job object_dependency
-- scope: jobs children
-- meta-node: ignored by the catalog loaders; counted by ensure_schema_empty, so DROP SCHEMA fails with "schema is not empty"
-- explain:
--   Every object must have its row in the type table named by obj_type (`table` for TABLE,
--   `source` for SOURCE, and so on). Type rows reference object.oid with ON DELETE
--   CASCADE, so a type row cannot outlive its object, but the object can outlive its type
--   row. load_object_models and the list_* functions (catalog/util.rs, catalog/mod.rs)
--   start from the type tables, so the object is invisible; ensure_schema_empty
--   (controller/utils.rs) still counts it, so DROP SCHEMA ... RESTRICT fails with
--   "schema is not empty", and the leftover rows stay forever.
--   Typical leftovers: internal-table objects whose `table` row went through the
--   belongs_to_job_id or fragment_id cascade, and associated-source objects whose `source`
--   row went through the optional_associated_table_id cascade, on stores up to v3.0.3 that
--   have no object.belong_to_oid (a hand-made delete of the job object did not list them).
--   Not reported: temporary replacement jobs of ALTER TABLE / ALTER SOURCE / sink schema
--   refresh (T5: a streaming_job row that is not CREATED plus
--   object_dependency(oid = original job of the same type, used_by = this object)).
--   Reported as info: SUBSCRIPTION objects without a CREATED subscription row and objects
--   of INITIAL jobs, which the next recovery deletes (clean_dirty_subscription,
--   clean_dirty_creating_jobs).
--   What to do: delete the leftover object rows (nothing else refers to them) after
--   checking that no job owns them.
--   The fix (rwdoctor repair fix --object ID, or repair all) applies exactly when the
--   object is not a DATABASE or SCHEMA, has no streaming job, no object_dependency row
--   either way, no internal table, no child object and no other row that deleting it would
--   remove, and nothing is reported about anything else in its incident (only findings
--   about the object itself, such as a parent column it lacks, which go with it): then
--   it deletes the object row, with undo and an audit row. An internal table whose type
--   row went with its job's fragments is never such a leftover: it belongs to that job's
--   incident, and restoring the job brings its rows back.
WITH
typed AS (
    SELECT t.table_id AS oid FROM "table" t
    UNION ALL SELECT s.source_id FROM source s
    UNION ALL SELECT k.sink_id FROM sink k
    UNION ALL SELECT i.index_id FROM "index" i
    UNION ALL SELECT v.view_id FROM view v
    UNION ALL SELECT x.subscription_id FROM subscription x
    UNION ALL SELECT fn.function_id FROM function fn
    UNION ALL SELECT c.connection_id FROM connection c
    UNION ALL SELECT sc.secret_id FROM secret sc
    UNION ALL SELECT s.schema_id FROM schema s
    UNION ALL SELECT d.database_id FROM database d
),
orphan AS (
    SELECT o.oid, o.obj_type, o.database_id, o.schema_id
    FROM object o
    WHERE o.obj_type IN ('DATABASE', 'SCHEMA', 'TABLE', 'SOURCE', 'SINK', 'VIEW', 'INDEX',
                         'FUNCTION', 'CONNECTION', 'SUBSCRIPTION', 'SECRET')
      AND NOT EXISTS (SELECT 1 FROM typed ty WHERE ty.oid = o.oid)
      -- scope (CheckSpec::scoped): the jobs' own objects, and on stores with
      -- object.belong_to_oid the objects whose parent is one of them ($2; an internal table
      -- whose type row went with its job's fragments: its finding carries that job), both
      -- read by primary key
      AND ($1::int[] IS NULL OR o.oid = ANY($1::int[]) OR o.oid = ANY($2::int[]))
),
-- (job, object type) pairs where the job reads another live job of that type: T5 replacements
replaces AS (
    SELECT DISTINCT d.used_by AS job_id, orig.obj_type
    FROM object_dependency d
    JOIN object orig ON orig.oid = d.oid
    JOIN streaming_job osj ON osj.job_id = d.oid
    WHERE d.oid <> d.used_by
      -- only orphans are joined to it (below): the whole dependency table was aggregated
      -- for a handful of them, in every scoped run too
      AND d.used_by IN (SELECT oid FROM orphan)
),
-- Orphans a dependency row names, or that own internal tables: not leftovers. Read once for
-- all orphans (RisingWave has no index on "table".belongs_to_job_id; a NOT EXISTS per orphan
-- scanned "table" once per orphan: two minutes at scale L for 2,000 orphaned internal tables).
linked AS (
    SELECT od.oid FROM object_dependency od WHERE od.oid IN (SELECT oid FROM orphan)
    UNION SELECT od.used_by FROM object_dependency od WHERE od.used_by IN (SELECT oid FROM orphan)
    UNION SELECT it.belongs_to_job_id FROM "table" it WHERE it.belongs_to_job_id IN (SELECT oid FROM orphan)
)
SELECT
    o.oid AS object_id,
    coalesce(sj.job_id, owner_t.belongs_to_job_id) AS job_id,
    NULL::integer AS fragment_id,
    format('%s object %s (database %s, schema %s) has no %s row%s',
           lower(o.obj_type), o.oid,
           coalesce(o.database_id::text, 'null'), coalesce(o.schema_id::text, 'null'),
           CASE o.obj_type WHEN 'TABLE' THEN 'table' WHEN 'INDEX' THEN 'index'
                           ELSE lower(o.obj_type) END,
           CASE
               WHEN o.obj_type = 'SUBSCRIPTION'
                   THEN '; the next recovery deletes it (transient)'
               WHEN sj.job_status = 'INITIAL'
                   THEN format('; its streaming job is INITIAL and the next recovery deletes it (transient)')
               WHEN sj.job_id IS NOT NULL
                   THEN format('; it has a %s streaming job', sj.job_status)
               ELSE ''
           END) AS message,
    CASE WHEN o.obj_type = 'SUBSCRIPTION' OR sj.job_status = 'INITIAL' THEN 'info'
         ELSE 'warning' END AS severity,
    CASE WHEN o.obj_type = 'SUBSCRIPTION' OR sj.job_status = 'INITIAL' THEN 'transient'
         ELSE 'silent' END AS consequence,
    -- A candidate for a leftover: no streaming job, dependencies or internal tables. Rows that
    -- other checks see (fragments, children) give the object more findings, and the report
    -- offers the statement only for an incident that is this one finding (incidents/).
    CASE WHEN sj.job_id IS NULL AND o.obj_type NOT IN ('DATABASE', 'SCHEMA')
              AND linked.oid IS NULL
         THEN format('DELETE FROM object WHERE oid = %s;', o.oid)
    END AS statement
FROM orphan o
LEFT JOIN streaming_job sj ON sj.job_id = o.oid
LEFT JOIN "table" owner_t ON owner_t.table_id = o.oid
LEFT JOIN replaces r ON r.job_id = o.oid AND r.obj_type = o.obj_type
LEFT JOIN linked ON linked.oid = o.oid
WHERE NOT (
    -- T5: temporary replacement job of an existing job of the same type
    sj.job_id IS NOT NULL
    AND sj.job_status IS DISTINCT FROM 'CREATED'
    AND r.job_id IS NOT NULL
)
ORDER BY o.oid;
