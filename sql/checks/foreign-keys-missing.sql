-- id: foreign-keys-missing
-- title: a foreign key that risingwave relies on is missing or weakened
-- invariant: INV-01
-- severity: warning
-- consequence: silent
-- repairs: manual
-- requires: object
-- kind: analyzer
-- meta-node: nothing fails at once; every later DROP leaves orphan rows behind, because deletes cascade only through these keys
-- explain:
-- RisingWave never deletes dependent rows itself: every drop, cancel and recovery cleanup issues one
-- DELETE FROM object and relies on ON DELETE CASCADE foreign keys to remove the job's streaming_job,
-- fragment, fragment_relation, fragment_splits, actor and type rows (src/meta/src/controller/catalog/drop_op.rs).
-- A key that is missing (dropped by hand, lost in a logical restore, or created with another ON DELETE
-- action) does not break anything immediately; it turns every later DROP into a leak of orphan rows that
-- later checks report one by one. The precedent is pending_sink_state, whose key was declared but never
-- created, leaking rows on every DROP SINK until m20260624 added it (issue #26044).
-- This check compares the foreign keys in pg_constraint with the keys the store's applied migrations
-- create. What to do: recreate the key with the exact definition from a healthy store of the same
-- release (pg_dump --schema-only of it shows the statement); clean up orphans reported by the other
-- checks first, or ALTER TABLE ... ADD CONSTRAINT will fail on them.
-- The query lists the foreign keys present in the meta store's schema (the schema of table object).
SELECT c.relname::text AS table_name,
       (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord)
          FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS column_names,
       rc.relname::text AS referenced_table,
       con.confdeltype::text AS delete_action
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_class rc ON rc.oid = con.confrelid
WHERE con.contype = 'f'
  AND c.relnamespace = (SELECT relnamespace FROM pg_class WHERE oid = 'object'::regclass)
ORDER BY 1, 2;
