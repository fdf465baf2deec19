-- Every foreign key among the tables of schema $1 with its ON DELETE action (confdeltype:
-- c = cascade). rwdoctor walks the cascading ones to find every row a DELETE FROM object
-- removes, so the walk stays right on every generation without a hand-kept list, and orders
-- tables parents-first by all of them to put rows back.
SELECT c.relname::text AS child_table,
       p.relname::text AS parent_table,
       (SELECT pg_catalog.array_agg(a.attname::text ORDER BY k.ord)
          FROM pg_catalog.unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS child_columns,
       (SELECT pg_catalog.array_agg(a.attname::text ORDER BY k.ord)
          FROM pg_catalog.unnest(con.confkey) WITH ORDINALITY AS k(attnum, ord)
          JOIN pg_catalog.pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum) AS parent_columns,
       con.confdeltype::text AS on_delete
FROM pg_catalog.pg_constraint con
JOIN pg_catalog.pg_class c ON c.oid = con.conrelid
JOIN pg_catalog.pg_class p ON p.oid = con.confrelid
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE con.contype = 'f' AND n.nspname = $1
ORDER BY 1, 2, 3;
