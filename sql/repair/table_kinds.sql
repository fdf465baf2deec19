-- The table_type of the "table" rows in $1 (int array): 'TABLE', 'MATERIALIZED_VIEW',
-- 'INDEX', 'INTERNAL' or 'VECTOR_INDEX' (v2.6+), by id. What tells a table from a
-- materialized view or an index, which are all TABLE objects.
SELECT t.table_id, t.table_type
FROM "table" t
WHERE t.table_id = ANY ($1::int[])
ORDER BY 1;
