-- id: object-parent-invalid
-- title: object.belong_to_oid breaks the parent rules
-- invariant: INV-06
-- severity: warning
-- consequence: silent
-- repairs: manual
-- requires: object.belong_to_oid table streaming_job
-- since: m20260805_000000_object_belong_to_oid
-- scope: jobs tables
-- meta-node: drop, abort and dirty-job cleanup delete only the root object and rely on the belong_to_oid cascade, so wrong parents leave leftovers or remove the wrong objects
-- explain:
--   Since m20260805_000000_object_belong_to_oid (unreleased after v3.0.3) every object
--   records its parent in object.belong_to_oid (model rules in meta/model/src/object.rs,
--   applied by create_object in catalog/create_op.rs): a database has no parent; a schema
--   belongs to its database; a named object (relation, index, sink, subscription, view,
--   function, ...) belongs to its schema; an internal table belongs to its streaming job
--   (belong_to_oid = table.belongs_to_job_id); an associated source belongs to its table;
--   implicit Iceberg sinks and sources belong to their Iceberg table. A child has the same
--   database and schema as its parent, and the chain has no cycles. The self foreign key
--   cascades, but the types and the rules are left to the application.
--   At HEAD, drop_object, try_abort_creating_streaming_job and clean_dirty_creating_jobs
--   delete only the root object and let the belong_to_oid cascade remove the children
--   (drop_op.rs, streaming_job.rs, catalog/mod.rs). A missing or wrong parent therefore
--   leaves orphan objects behind (see object-orphaned) or deletes objects together with
--   an unrelated parent.
--   This happens after hand-made inserts of objects (restores from older stores) or edits
--   of belong_to_oid. What to do: set belong_to_oid to the parent the rules name.
WITH RECURSIVE
assoc AS (
    SELECT t.optional_associated_source_id AS oid, min(t.table_id) AS parent
    FROM "table" t WHERE t.optional_associated_source_id IS NOT NULL
    GROUP BY t.optional_associated_source_id
),
-- Parent chains walked down from their ends, each object visited once: depth 1 is an object
-- whose belong_to_oid is null or not an object, depth d + 1 a child of a depth-d object.
-- An object with a belong_to_oid whose chain does not end within 31 steps (32 if it ends in
-- null) is on a cycle, leads into one, or has a chain too long to follow; all three are
-- reported as on a belong_to_oid cycle.
-- Only objects that are some object's parent are walked (most objects, internal tables
-- above all, are nobody's parent); every other object gets its depth from its parent's.
parent_ids AS (
    SELECT DISTINCT o.belong_to_oid AS oid FROM object o WHERE o.belong_to_oid IS NOT NULL
),
parent_objects AS (
    SELECT o.oid, o.belong_to_oid FROM object o JOIN parent_ids pi ON pi.oid = o.oid
),
settled AS (
    SELECT po.oid, 1 AS depth, (po.belong_to_oid IS NULL) AS ends_null
    FROM parent_objects po
    LEFT JOIN object p ON p.oid = po.belong_to_oid
    WHERE p.oid IS NULL
    UNION ALL
    SELECT c.oid, s.depth + 1, s.ends_null
    FROM settled s
    JOIN parent_objects c ON c.belong_to_oid = s.oid
    WHERE s.depth < 32
),
-- Parents whose children are not acyclic: not settled, or settled too deep for a child.
bad_parents AS (
    SELECT po.oid
    FROM parent_objects po
    LEFT JOIN settled s ON s.oid = po.oid
    WHERE s.oid IS NULL OR NOT (s.depth < 31 OR (s.depth < 32 AND s.ends_null))
),
-- Objects on a cycle (or too deep): parents that did not settle, and the other objects
-- whose parent is a bad parent. Usually empty, so joining it to every object costs nothing.
cyclic AS (
    SELECT po.oid
    FROM parent_objects po
    LEFT JOIN settled s ON s.oid = po.oid AND (s.depth < 32 OR s.ends_null)
    WHERE po.belong_to_oid IS NOT NULL AND s.oid IS NULL
    UNION
    SELECT o.oid
    FROM bad_parents bp
    JOIN object o ON o.belong_to_oid = bp.oid
    WHERE NOT EXISTS (SELECT 1 FROM parent_ids pi WHERE pi.oid = o.oid)
),
-- Scoped runs (CheckSpec::scoped): the jobs' objects, the objects of their table rows ($2) and
-- those rows' associated sources, and every object whose parent is one of these.
scope_object AS (
    SELECT j.oid FROM unnest($1::int[]) AS j(oid)
    UNION
    SELECT s.table_id FROM unnest($2::int[]) AS s(table_id)
    UNION
    SELECT t.optional_associated_source_id FROM "table" t
    WHERE t.table_id = ANY($2::int[]) AND t.optional_associated_source_id IS NOT NULL
),
-- (Arrays, not IN lists, so that the planner probes the indexes for a few ids.)
scoped AS (
    SELECT o.oid, o.belong_to_oid
    FROM object o
    WHERE $1::int[] IS NOT NULL
      AND (o.oid = ANY(ARRAY(SELECT so.oid FROM scope_object so))
           OR o.belong_to_oid = ANY(ARRAY(SELECT so.oid FROM scope_object so)))
),
-- the internal tables with their jobs: every one, or in scoped runs those among the scoped
-- objects, read through the primary key for all of them at once (with the parameter bound,
-- PostgreSQL folds the OR away)
internal AS (
    SELECT t.table_id AS oid, t.belongs_to_job_id AS parent
    FROM "table" t
    WHERE t.belongs_to_job_id IS NOT NULL
      AND ($1::int[] IS NULL OR t.table_id = ANY(ARRAY(SELECT sc.oid FROM scoped sc)))
),
-- cyclic's verdict for the scoped objects, walked down as settled is but over only the
-- scoped objects and their ancestors (lineage; UNION stops the walk up at a cycle). A depth
-- here counts every object on the chain, so an object settles as in settled if it is a
-- parent, and as a child of a good parent in bad_parents if it is not.
lineage AS (
    SELECT sc.oid, sc.belong_to_oid FROM scoped sc
    UNION
    SELECT p.oid, p.belong_to_oid
    FROM lineage l
    JOIN object p ON p.oid = l.belong_to_oid
),
lineage_settled AS (
    -- a parent that is an object is in lineage itself (the walk up went through it), so the
    -- roots are found in lineage instead of hashing every object
    SELECT l.oid, 1 AS depth, (l.belong_to_oid IS NULL) AS ends_null
    FROM lineage l
    WHERE NOT EXISTS (SELECT 1 FROM lineage p WHERE p.oid = l.belong_to_oid)
    UNION ALL
    SELECT c.oid, s.depth + 1, s.ends_null
    FROM lineage_settled s
    JOIN lineage c ON c.belong_to_oid = s.oid
    WHERE s.depth < 32
),
scoped_cyclic AS (
    SELECT sc.oid
    FROM scoped sc
    LEFT JOIN lineage_settled s ON s.oid = sc.oid
    WHERE sc.belong_to_oid IS NOT NULL
      AND NOT coalesce(s.depth < 32 OR (s.depth = 32 AND s.ends_null), false)
),
in_cycle AS (
    SELECT cy.oid FROM cyclic cy WHERE $1::int[] IS NULL
    UNION ALL
    SELECT sy.oid FROM scoped_cyclic sy
),
checked AS (
    SELECT
        o.oid, o.obj_type, o.belong_to_oid, o.database_id, o.schema_id,
        p.oid AS p_oid, p.obj_type AS p_type, p.database_id AS p_db, p.schema_id AS p_schema,
        i.parent AS internal_parent, a.parent AS assoc_parent,
        (cy.oid IS NOT NULL) AS in_cycle,
        CASE
            WHEN cy.oid IS NOT NULL THEN 'is on a belong_to_oid cycle'
            WHEN o.obj_type = 'DATABASE' AND o.belong_to_oid IS NOT NULL
                THEN format('has belong_to_oid %s; a database has no parent', o.belong_to_oid)
            WHEN o.obj_type = 'DATABASE' THEN NULL
            WHEN o.belong_to_oid IS NULL
                THEN format('has a null belong_to_oid; expected %s',
                            coalesce(i.parent, a.parent,
                                     CASE WHEN o.obj_type = 'SCHEMA' THEN o.database_id
                                          ELSE o.schema_id END)::text)
            WHEN p.oid IS NULL
                THEN format('has belong_to_oid %s, which is not an object', o.belong_to_oid)
            WHEN i.parent IS NOT NULL AND o.belong_to_oid <> i.parent
                THEN format('is an internal table of job %s but has belong_to_oid %s',
                            i.parent, o.belong_to_oid)
            WHEN a.parent IS NOT NULL AND o.belong_to_oid <> a.parent
                THEN format('is the associated source of table %s but has belong_to_oid %s',
                            a.parent, o.belong_to_oid)
            WHEN o.obj_type = 'SCHEMA'
                 AND (p.obj_type <> 'DATABASE' OR o.belong_to_oid IS DISTINCT FROM o.database_id)
                THEN format('is a schema in database %s but belongs to %s object %s',
                            coalesce(o.database_id::text, 'null'), lower(p.obj_type), p.oid)
            WHEN o.obj_type = 'SCHEMA' THEN NULL
            WHEN p.obj_type = 'SCHEMA' AND o.belong_to_oid IS DISTINCT FROM o.schema_id
                THEN format('is in schema %s but belongs to schema %s',
                            coalesce(o.schema_id::text, 'null'), p.oid)
            WHEN p.obj_type = 'SCHEMA' THEN NULL
            WHEN p.obj_type = 'DATABASE'
                THEN format('belongs to database object %s; only schemas may', p.oid)
            WHEN p.database_id IS DISTINCT FROM o.database_id
                 OR p.schema_id IS DISTINCT FROM o.schema_id
                THEN format('is in database %s schema %s but its parent %s is in database %s schema %s',
                            coalesce(o.database_id::text, 'null'), coalesce(o.schema_id::text, 'null'),
                            p.oid, coalesce(p.database_id::text, 'null'), coalesce(p.schema_id::text, 'null'))
            WHEN i.parent IS NULL AND a.parent IS NULL
                 AND NOT (o.obj_type IN ('SINK', 'SOURCE') AND p.obj_type = 'TABLE'
                          -- asked only for the few objects that get this far
                          AND EXISTS (SELECT 1 FROM "table" ice
                                      WHERE ice.table_id = p.oid AND ice.engine = 'ICEBERG'))
                THEN format('belongs to %s object %s but is neither its internal table, its associated source nor its implicit iceberg object',
                            lower(p.obj_type), p.oid)
            ELSE NULL
        END AS problem
    FROM object o
    LEFT JOIN object p ON p.oid = o.belong_to_oid
    LEFT JOIN internal i ON i.oid = o.oid
    LEFT JOIN assoc a ON a.oid = o.oid
    LEFT JOIN in_cycle cy ON cy.oid = o.oid
    WHERE $1::int[] IS NULL OR o.oid = ANY(ARRAY(SELECT sc.oid FROM scoped sc))
)
SELECT
    ch.oid AS object_id,
    coalesce(sj.job_id, owner_t.belongs_to_job_id) AS job_id,
    NULL::integer AS fragment_id,
    format('%s object %s %s', lower(ch.obj_type), ch.oid, ch.problem) AS message,
    'warning' AS severity,
    'silent' AS consequence
FROM checked ch
LEFT JOIN streaming_job sj ON sj.job_id = ch.oid
LEFT JOIN "table" owner_t ON owner_t.table_id = ch.oid
WHERE ch.problem IS NOT NULL
ORDER BY ch.oid;
