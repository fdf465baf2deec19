-- The objects of $1 (int array) whose database row is missing and whose schema lives in a real
-- database, with their database_id now and that database: object-database-invalid's fix. An
-- object lives in its schema's database, so the data determines the value. Also the types of
-- the key and the column, for the undo file.
SELECT o.oid,
       o.database_id,
       so.database_id AS schema_database_id,
       pg_catalog.format_type(k.atttypid, k.atttypmod) AS key_type,
       pg_catalog.format_type(c.atttypid, c.atttypmod) AS column_type
FROM object o
JOIN schema s ON s.schema_id = o.schema_id
JOIN object so ON so.oid = s.schema_id
JOIN database sd ON sd.database_id = so.database_id
LEFT JOIN database d ON d.database_id = o.database_id
JOIN pg_catalog.pg_attribute k ON k.attrelid = 'object'::regclass AND k.attname = 'oid'
JOIN pg_catalog.pg_attribute c ON c.attrelid = 'object'::regclass AND c.attname = 'database_id'
WHERE o.oid = ANY ($1::int[])
  AND o.obj_type NOT IN ('DATABASE', 'SCHEMA')
  AND d.database_id IS NULL
ORDER BY o.oid;
