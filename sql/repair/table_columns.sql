-- Columns of the meta store's tables in attnum order with their SQL types, for capturing
-- rows as text and putting them back exactly (text output and input round-trip every type).
SELECT c.relname::text AS table_name, a.attname::text AS column_name,
       pg_catalog.format_type(a.atttypid, a.atttypmod) AS column_type
FROM pg_catalog.pg_class c
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
WHERE n.nspname = $1 AND c.relkind = 'r'
ORDER BY c.relname, a.attnum;
