-- The tables a drop keeps whose incoming_sinks (up to v2.6) lists an object the drop deletes
-- ($1, every deleted object), with the value without those ids: RisingWave's DROP SINK removes
-- the sink from its target table's list, and a stale id trips recovery before v2.3.3
-- (incoming-sinks-mismatch). Elements other than those ids are kept as they are.
SELECT t.table_id,
       t.incoming_sinks::text AS old_value,
       coalesce((SELECT jsonb_agg(e.value ORDER BY e.position)
                 FROM jsonb_array_elements(t.incoming_sinks) WITH ORDINALITY AS e(value, position)
                 WHERE NOT (jsonb_typeof(e.value) = 'number' AND e.value::text ~ '^[0-9]{1,9}$'
                            AND e.value::text::integer = ANY ($1::int[]))),
                '[]'::jsonb)::text AS new_value,
       pg_catalog.format_type(k.atttypid, k.atttypmod) AS key_type,
       pg_catalog.format_type(c.atttypid, c.atttypmod) AS column_type
FROM "table" t
JOIN pg_catalog.pg_attribute k ON k.attrelid = '"table"'::regclass AND k.attname = 'table_id'
JOIN pg_catalog.pg_attribute c ON c.attrelid = '"table"'::regclass AND c.attname = 'incoming_sinks'
WHERE jsonb_typeof(t.incoming_sinks) = 'array'
  AND NOT (t.table_id = ANY ($1::int[]))
  AND EXISTS (SELECT 1
              FROM jsonb_array_elements(t.incoming_sinks) AS e(value)
              WHERE jsonb_typeof(e.value) = 'number' AND e.value::text ~ '^[0-9]{1,9}$'
                AND e.value::text::integer = ANY ($1::int[]))
ORDER BY t.table_id;
