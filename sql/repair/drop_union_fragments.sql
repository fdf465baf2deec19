-- The fragments of the tables a drop keeps that a sink the drop deletes writes into ($1, every
-- deleted object): the target_table of a deleted sink, or a table whose incoming_sinks lists
-- one (the sink row may be gone already). The drop removes from their plans' Union nodes the
-- Merge inputs whose upstream fragment will not exist, as RisingWave's recovery does for a
-- table whose incoming sink is gone (clean_dirty_sink_downstreams, up to v2.6).
SELECT f.fragment_id,
       f.stream_node,
       pg_catalog.format_type(k.atttypid, k.atttypmod) AS key_type,
       pg_catalog.format_type(c.atttypid, c.atttypmod) AS column_type
FROM fragment f
JOIN pg_catalog.pg_attribute k ON k.attrelid = 'fragment'::regclass AND k.attname = 'fragment_id'
JOIN pg_catalog.pg_attribute c ON c.attrelid = 'fragment'::regclass AND c.attname = 'stream_node'
WHERE f.job_id IN (SELECT s.target_table FROM sink s WHERE s.sink_id = ANY ($1::int[]) AND s.target_table IS NOT NULL
                   UNION
                   SELECT t.table_id FROM "table" t
                   WHERE jsonb_typeof(t.incoming_sinks) = 'array'
                     AND EXISTS (SELECT 1 FROM jsonb_array_elements(t.incoming_sinks) AS e(value)
                                 WHERE jsonb_typeof(e.value) = 'number' AND e.value::text ~ '^[0-9]{1,9}$'
                                   AND e.value::text::integer = ANY ($1::int[])))
  AND NOT (f.job_id = ANY ($1::int[]))
ORDER BY f.fragment_id;
