-- Every table and column in the meta store's schema ($1). Read from pg_catalog rather than
-- information_schema, which hides the columns of tables the role may not read: a table the
-- role cannot read must show up as a failed check, not as a table that does not exist.
SELECT c.relname::text AS table_name, a.attname::text AS column_name
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
ORDER BY 1, 2;
