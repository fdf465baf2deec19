-- The value of system parameter $1 in this store, with the types of system_parameter's name
-- and value columns (for the update's key and value casts); no row when the store has none.
SELECT p.value,
       pg_catalog.format_type(n.atttypid, n.atttypmod) AS name_type,
       pg_catalog.format_type(v.atttypid, v.atttypmod) AS value_type
FROM system_parameter p
JOIN pg_catalog.pg_attribute n ON n.attrelid = 'system_parameter'::regclass AND n.attname = 'name'
JOIN pg_catalog.pg_attribute v ON v.attrelid = 'system_parameter'::regclass AND v.attname = 'value'
WHERE p.name = $1;
