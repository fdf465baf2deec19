-- The table_type of the "table" rows in $1 (int array): 'TABLE', 'MATERIALIZED_VIEW',
-- 'INDEX', 'INTERNAL' or 'VECTOR_INDEX' (v2.6+), by id. What tells a table from a
-- materialized view or an index, which are all TABLE objects. The values are TableType's
-- string_values (src/meta/model_v2/src/table.rs:33-39 @ v2.0.7, src/meta/model/src/table.rs:34-41
-- @ v2.4.0 and :35-42 @ v3.0.3; VECTOR_INDEX at :44 @ v2.6.3, not in v2.4.0).
SELECT t.table_id, t.table_type
FROM "table" t
WHERE t.table_id = ANY ($1::int[])
ORDER BY 1;
