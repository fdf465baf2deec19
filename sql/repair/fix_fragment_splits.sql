-- The fragment_splits rows of the fragments in $1 (int array), for split-duplicated's fix: the
-- row as it is now (bytea hex text) and the types of the key and the column, for the undo file.
SELECT s.fragment_id,
       s.splits,
       pg_catalog.format_type(k.atttypid, k.atttypmod) AS key_type,
       pg_catalog.format_type(c.atttypid, c.atttypmod) AS column_type
FROM fragment_splits s
JOIN pg_catalog.pg_attribute k ON k.attrelid = 'fragment_splits'::regclass AND k.attname = 'fragment_id'
JOIN pg_catalog.pg_attribute c ON c.attrelid = 'fragment_splits'::regclass AND c.attname = 'splits'
WHERE s.fragment_id = ANY ($1::int[])
ORDER BY s.fragment_id;
