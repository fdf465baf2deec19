-- The serial sequences of meta table $1 (text) that are behind the table's largest id, with
-- that id: sequence-behind's fix. The same reading as sql/checks/sequence-behind.sql, for one
-- table.
WITH serial AS (
    SELECT c.relname AS table_name,
           a.attname AS column_name,
           n.nspname AS schema_name,
           pg_catalog.pg_get_serial_sequence(pg_catalog.format('%I.%I', n.nspname, c.relname), a.attname) AS sequence_name
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    -- the meta store's schema: the one its object table resolves to (the search_path has
    -- pg_catalog first, so current_schema() would name pg_catalog)
    WHERE n.oid = (SELECT r.relnamespace FROM pg_catalog.pg_class r WHERE r.oid = 'object'::regclass)
      AND c.relname = $1
      AND c.relkind IN ('r', 'p')
      AND (c.relname, a.attname) NOT IN (('fragment', 'fragment_id'), ('actor', 'actor_id'))
),
measured AS (
    SELECT s.sequence_name,
           coalesce(q.last_value, q.start_value - 1) AS taken,
           ((pg_catalog.xpath('/row/v/text()',
                              pg_catalog.query_to_xml(pg_catalog.format('SELECT max(%I) AS v FROM %I.%I',
                                                                        s.column_name, s.schema_name, s.table_name),
                                                      false, true, '')))[1])::text::bigint AS max_id
    FROM serial s
    JOIN pg_catalog.pg_sequences q ON pg_catalog.format('%I.%I', q.schemaname, q.sequencename) = s.sequence_name
    WHERE s.sequence_name IS NOT NULL
      AND pg_catalog.has_sequence_privilege(s.sequence_name, 'SELECT')
)
SELECT sequence_name, taken, max_id
FROM measured
WHERE max_id IS NOT NULL AND taken < max_id
ORDER BY sequence_name;
