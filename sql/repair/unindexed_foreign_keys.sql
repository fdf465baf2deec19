-- Foreign keys between the tables $2 (text array) of schema $1 whose referencing columns no
-- index leads with. Deleting a referenced row makes PostgreSQL look for the rows that
-- reference it with a query on those columns: without an index, a scan of the whole
-- referencing table for every deleted row. A repair that deletes indexes them for the length
-- of its transaction (lib/db/cascade_indexes.cpp). An index serves when its leading key
-- columns are exactly the foreign key's, in any order, and it is valid, whole and on columns.
SELECT DISTINCT
       c.relname::text AS child_table,
       (SELECT pg_catalog.array_agg(a.attname::text ORDER BY k.ord)
          FROM pg_catalog.unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS child_columns
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
JOIN pg_catalog.pg_class p ON p.oid = con.confrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE con.contype = 'f'
  AND n.nspname = $1
  AND c.relname = ANY ($2::text[])
  AND p.relname = ANY ($2::text[])
  AND NOT EXISTS (
      SELECT 1
      FROM pg_catalog.pg_index i
      WHERE i.indrelid = con.conrelid
        AND i.indisvalid
        AND i.indpred IS NULL
        AND i.indexprs IS NULL
        AND i.indnkeyatts >= pg_catalog.cardinality(con.conkey)
        AND (i.indkey::int2[])[0:pg_catalog.cardinality(con.conkey) - 1] @> con.conkey
        AND (i.indkey::int2[])[0:pg_catalog.cardinality(con.conkey) - 1] <@ con.conkey)
ORDER BY 1, 2;
