-- The objects of $1 (int array) whose database row is missing and whose schema lives in a real
-- database, with their database_id now and that database: object-database-invalid's fix. An
-- object lives in its schema's database, so the data determines the value.
SELECT o.oid,
       o.database_id,
       so.database_id AS schema_database_id
FROM object o
JOIN schema s ON s.schema_id = o.schema_id
JOIN object so ON so.oid = s.schema_id
JOIN database sd ON sd.database_id = so.database_id
LEFT JOIN database d ON d.database_id = o.database_id
WHERE o.oid = ANY ($1::int[])
  AND o.obj_type NOT IN ('DATABASE', 'SCHEMA')
  AND d.database_id IS NULL
ORDER BY o.oid;
