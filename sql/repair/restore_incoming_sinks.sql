-- The tables (up to v2.6) whose incoming_sinks misses a sink a restore brings back ($1, the
-- restored jobs), with the value that adds it: RisingWave lists every sink that writes into a
-- table (not INITIAL) in the table's incoming_sinks, and a drop here took it out; a restored
-- sink goes back in. Elements already there are kept as they are, in their order.
SELECT t.table_id,
       t.incoming_sinks::text AS old_value,
       (t.incoming_sinks || jsonb_agg(s.sink_id ORDER BY s.sink_id))::text AS new_value,
       pg_catalog.format_type(k.atttypid, k.atttypmod) AS key_type,
       pg_catalog.format_type(c.atttypid, c.atttypmod) AS column_type
FROM sink s
JOIN streaming_job sj ON sj.job_id = s.sink_id AND sj.job_status <> 'INITIAL'
JOIN "table" t ON t.table_id = s.target_table
JOIN pg_catalog.pg_attribute k ON k.attrelid = '"table"'::regclass AND k.attname = 'table_id'
JOIN pg_catalog.pg_attribute c ON c.attrelid = '"table"'::regclass AND c.attname = 'incoming_sinks'
WHERE s.sink_id = ANY ($1::int[])
  AND jsonb_typeof(t.incoming_sinks) = 'array'
  AND NOT EXISTS (SELECT 1
                  FROM jsonb_array_elements(t.incoming_sinks) AS e(value)
                  WHERE jsonb_typeof(e.value) = 'number' AND e.value::text = s.sink_id::text)
GROUP BY t.table_id, t.incoming_sinks, k.atttypid, k.atttypmod, c.atttypid, c.atttypmod
ORDER BY t.table_id;
