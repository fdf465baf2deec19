-- id: object-type-mismatch
-- title: object type does not match the catalog table that holds the object
-- invariant: INV-04
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: object table source sink index view subscription function connection secret schema database streaming_job
-- scope: jobs tables
-- meta-node: assert_eq!(obj.obj_type, object_type) in drop_object, unreachable!("unexpected streaming job type") while cleaning dirty jobs
-- explain:
--   object.obj_type must match the type table that holds the id: a `table` row belongs to
--   a TABLE object (or an INDEX object, because an index table shares the index oid),
--   `source` to SOURCE, `sink` to SINK, `index` to INDEX, `view` to VIEW, `subscription`
--   to SUBSCRIPTION, and `function`, `connection`, `secret`, `schema`, `database` to their
--   own type. obj_type itself must be one of the eleven known strings. Only the primary
--   key of each type table references object.oid; the type is not enforced.
--   drop_object asserts the type of the dropped object (catalog/drop_op.rs), which aborts
--   the meta node; log_cleaned_dirty_jobs (catalog/util.rs) hits
--   unreachable!("unexpected streaming job type") when recovery cleans a dirty job whose
--   object is not TABLE, INDEX, SOURCE or SINK, which is a crash loop; finish_streaming_job
--   hits unreachable!("invalid job type"). load_object_models skips rows whose type
--   disagrees without a message, so the relation also disappears from the catalog. An
--   unknown obj_type string fails to decode wherever objects are read.
--   This happens after hand-made edits of object.obj_type or ids reused across type
--   tables. What to do: correct obj_type (or remove the wrong type row) by hand.
--   Citations: the drop assert is src/meta/src/controller/catalog.rs:2109 @ v2.0.7
--   (drop_relation), src/meta/src/controller/catalog/drop_op.rs:37 @ v2.4.4, :40 @ v2.8.0
--   and v3.0.3, :39 @ HEAD; the recovery unreachable! is catalog.rs:901 @ v2.0.7,
--   src/meta/src/controller/catalog/util.rs:248 @ v2.4.4, :257 @ v2.8.0, :144 @ v3.0.3,
--   :428 @ HEAD (log_cleaned_dirty_jobs); finish_streaming_job's is
--   src/meta/src/controller/streaming_job.rs:857 @ v2.0.7, :1294 @ v2.8.0, :1782 @ HEAD.
WITH typed AS (
    SELECT t.table_id AS oid, 'table' AS tbl, ARRAY['TABLE', 'INDEX'] AS allowed FROM "table" t
    UNION ALL SELECT s.source_id, 'source', ARRAY['SOURCE'] FROM source s
    UNION ALL SELECT k.sink_id, 'sink', ARRAY['SINK'] FROM sink k
    UNION ALL SELECT i.index_id, 'index', ARRAY['INDEX'] FROM "index" i
    UNION ALL SELECT v.view_id, 'view', ARRAY['VIEW'] FROM view v
    UNION ALL SELECT x.subscription_id, 'subscription', ARRAY['SUBSCRIPTION'] FROM subscription x
    UNION ALL SELECT fn.function_id, 'function', ARRAY['FUNCTION'] FROM function fn
    UNION ALL SELECT c.connection_id, 'connection', ARRAY['CONNECTION'] FROM connection c
    UNION ALL SELECT sc.secret_id, 'secret', ARRAY['SECRET'] FROM secret sc
    UNION ALL SELECT s.schema_id, 'schema', ARRAY['SCHEMA'] FROM schema s
    UNION ALL SELECT d.database_id, 'database', ARRAY['DATABASE'] FROM database d
),
-- scope (CheckSpec::scoped): the jobs' objects, the objects of their table rows ($2) and of
-- those tables' index rows
scope_object AS MATERIALIZED (
    SELECT j.oid FROM unnest($1::int[]) AS j(oid)
    UNION
    SELECT s.table_id FROM unnest($2::int[]) AS s(table_id)
    UNION
    SELECT i.index_id FROM "index" i WHERE i.index_table_id = ANY($2::int[])
),
-- scoped runs: the scope objects' type rows, each type table's read through its primary key
-- for all of them at once (one index scan a table, not one lookup a table for every object).
-- A list of its own: `typed` with a "$1 IS NULL OR ..." filter on each table would do for
-- both runs, but PostgreSQL then hashes every type row in the whole-store run instead of
-- merging them (0.27 s -> 0.79 s at scale L).
scoped_typed AS (
    SELECT t.table_id AS oid, 'table' AS tbl, ARRAY['TABLE', 'INDEX'] AS allowed FROM "table" t
    WHERE t.table_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT s.source_id, 'source', ARRAY['SOURCE'] FROM source s
              WHERE s.source_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT k.sink_id, 'sink', ARRAY['SINK'] FROM sink k
              WHERE k.sink_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT i.index_id, 'index', ARRAY['INDEX'] FROM "index" i
              WHERE i.index_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT v.view_id, 'view', ARRAY['VIEW'] FROM view v
              WHERE v.view_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT x.subscription_id, 'subscription', ARRAY['SUBSCRIPTION'] FROM subscription x
              WHERE x.subscription_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT fn.function_id, 'function', ARRAY['FUNCTION'] FROM function fn
              WHERE fn.function_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT c.connection_id, 'connection', ARRAY['CONNECTION'] FROM connection c
              WHERE c.connection_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT sc.secret_id, 'secret', ARRAY['SECRET'] FROM secret sc
              WHERE sc.secret_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT s.schema_id, 'schema', ARRAY['SCHEMA'] FROM schema s
              WHERE s.schema_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
    UNION ALL SELECT d.database_id, 'database', ARRAY['DATABASE'] FROM database d
              WHERE d.database_id = ANY(ARRAY(SELECT so.oid FROM scope_object so))
),
-- type rows of the wrong type, aggregated per object (only mismatches reach the GROUP BY):
-- every object's, or in scoped runs the scope objects'
wrong AS (
    SELECT o.oid, string_agg(ty.tbl, ', ' ORDER BY ty.tbl) AS wrong_tables
    FROM object o
    JOIN typed ty ON ty.oid = o.oid
    WHERE NOT (o.obj_type = ANY (ty.allowed))
      AND $1::int[] IS NULL
    GROUP BY o.oid
    UNION ALL
    SELECT o.oid, string_agg(ty.tbl, ', ' ORDER BY ty.tbl) AS wrong_tables
    FROM scoped_typed ty
    JOIN object o ON o.oid = ty.oid
    WHERE NOT (o.obj_type = ANY (ty.allowed))
      AND $1::int[] IS NOT NULL
    GROUP BY o.oid
),
bad AS (
    SELECT o.oid, o.obj_type, w.wrong_tables,
           o.obj_type NOT IN ('DATABASE', 'SCHEMA', 'TABLE', 'SOURCE', 'SINK', 'VIEW', 'INDEX',
                              'FUNCTION', 'CONNECTION', 'SUBSCRIPTION', 'SECRET') AS unknown_type
    FROM object o
    LEFT JOIN wrong w ON w.oid = o.oid
    WHERE $1::int[] IS NULL OR o.oid = ANY(ARRAY(SELECT so.oid FROM scope_object so))
)
SELECT
    b.oid AS object_id,
    coalesce(sj.job_id, owner_t.belongs_to_job_id) AS job_id,
    NULL::integer AS fragment_id,
    CASE
        WHEN b.unknown_type THEN
            format('object %s has unknown obj_type %s', b.oid,
                   quote_literal(translate(left(b.obj_type, 40), E'\r\n\t', '   ')))
        ELSE
            format('%s object %s has a row in %s', lower(b.obj_type), b.oid, b.wrong_tables)
    END AS message,
    'critical' AS severity,
    'panic' AS consequence
FROM bad b
LEFT JOIN streaming_job sj ON sj.job_id = b.oid
LEFT JOIN "table" owner_t ON owner_t.table_id = b.oid
WHERE b.unknown_type OR b.wrong_tables IS NOT NULL
ORDER BY b.oid;
