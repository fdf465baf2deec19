-- id: schema-drift
-- title: a meta table's columns differ from what the applied migrations create, or it carries a constraint or trigger RisingWave does not create
-- invariant: N8
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: object
-- kind: analyzer
-- meta-node: SeaORM decodes every column it selects into the Rust type of its model: a missing column or another type fails the query ("mismatched types ... is not compatible with SQL type"), and the meta node panics at start or on the first read of the table (#16304); a NOT NULL, CHECK, UNIQUE or trigger it does not expect fails its writes (DDL errors)
-- explain:
--   RisingWave reads its tables through SeaORM models compiled into the meta node, which
--   select every column by name and decode each into a fixed Rust type. The store's tables
--   must therefore have exactly the columns the applied migrations (seaql_migrations) create,
--   with their types. #16304: after a migration from another backend a column was jsonb
--   where the binary decodes int4[], and the meta node panicked at start with "error
--   occurred while decoding column 1: mismatched types".
--   Reported, with the expected definition from the migrations of the store's release:
--     * a column that is missing or of another type (critical: the reads fail); string
--       types (text, character varying) stand in for each other, and so do json and jsonb,
--       as the driver decodes both; a tighter character varying(n) is an error (longer
--       writes fail);
--     * NOT NULL where the migrations leave a column nullable (error: RisingWave's inserts
--       of NULL fail), or nullable where they make it NOT NULL (warning);
--     * a column no migration creates that is NOT NULL without a default (RisingWave's
--       inserts do not name it and fail), a CHECK or exclusion constraint, a UNIQUE
--       constraint or index on columns RisingWave never makes unique, or a trigger (error:
--       writes can fail or change what RisingWave wrote). Other extra columns, plain indexes
--       and tables of your own in the schema are harmless and not reported.
--   Foreign keys are foreign-keys-missing's; a missing table fails the checks that read it.
--   When the store has migrations this build does not know (a newer RisingWave), columns no
--   known migration creates are not reported.
--   This happens after a hand-made ALTER TABLE, a restore of a dump from another release into
--   a schema created by this one, a migration between backends, or a tool that added its own
--   columns. What to do: compare with `pg_dump --schema-only` of a healthy store of the same
--   release and ALTER the table back; never while the meta node runs.
--   Citations: the start-up reads whose errors are unwrapped (a panic) are
--   ClusterController::new (worker tables), src/meta/node/src/server.rs:430-433 @ v2.0.7,
--   :346-349 @ v2.8.0, :348-351 @ HEAD, and HummockManager::new (hummock tables),
--   server.rs:461-469 @ v2.0.7, :384-392 @ v2.8.0, :386-394 @ HEAD. A decode error in the
--   catalog tables fails CatalogController::new with `?` (server.rs:435 @ v2.0.7, :351 @
--   v2.8.0, :353 @ HEAD) or the read that hits the column: the meta node does not start or
--   the call errors every time, rather than a panic.
-- The query lists the meta schema's columns, and its CHECK, exclusion and UNIQUE constraints,
-- unique indexes and triggers (one row each: kind, table_name, name, type, not_null, has_default).
SELECT 'column' AS kind, c.relname::text AS table_name, a.attname::text AS name,
       pg_catalog.format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
       a.atthasdef AS has_default
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
WHERE c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
  AND c.relnamespace = (SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = 'object'::regclass)
UNION ALL
SELECT CASE con.contype WHEN 'c' THEN 'check' ELSE 'exclusion' END, c.relname::text, con.conname::text,
       pg_catalog.pg_get_constraintdef(con.oid), NULL, NULL
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
WHERE con.contype IN ('c', 'x')
  AND c.relnamespace = (SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = 'object'::regclass)
UNION ALL
SELECT 'unique', c.relname::text, ic.relname::text,
       (SELECT string_agg(a.attname::text, ',' ORDER BY k.ord)
          FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
          LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum),
       NULL, NULL
FROM pg_catalog.pg_index i
JOIN pg_catalog.pg_class c ON c.oid = i.indrelid
JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
WHERE i.indisunique AND NOT i.indisprimary
  AND c.relnamespace = (SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = 'object'::regclass)
UNION ALL
SELECT 'trigger', c.relname::text, t.tgname::text, NULL, NULL, NULL
FROM pg_catalog.pg_trigger t
JOIN pg_catalog.pg_class c ON c.oid = t.tgrelid
WHERE NOT t.tgisinternal
  AND c.relnamespace = (SELECT relnamespace FROM pg_catalog.pg_class WHERE oid = 'object'::regclass)
ORDER BY 1, 2, 3;
