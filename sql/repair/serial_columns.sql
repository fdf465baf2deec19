-- Columns of table $2 in schema $1 that draw their default from a sequence, with the
-- sequence's name quoted and qualified (e.g. public.object_oid_seq).
SELECT a.attname::text AS column_name,
       pg_catalog.pg_get_serial_sequence(pg_catalog.format('%I.%I', $1::text, $2::text), a.attname) AS sequence_name
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
  AND pg_catalog.pg_get_serial_sequence(pg_catalog.format('%I.%I', $1::text, $2::text), a.attname) IS NOT NULL;
