-- The definition (the CREATE statement) of each job in $1 (int array), as its catalog row
-- holds it: "table" (tables, materialized views), sink, source, view, subscription, and for an
-- index the "table" row of its index table. One row per job (the first kind that has one);
-- empty definitions are left out. Read from a backup, for a job live lost the row of.
-- The models of table, sink, source, view and subscription have a `definition` column and the
-- index model has none (src/meta/model_v2/src/*.rs @ v2.0.7, src/meta/model/src/*.rs @ v2.4.0
-- and v3.0.3); CREATE INDEX puts its statement into the index table's catalog
-- (src/frontend/src/handler/create_index.rs:337 and :417, gen_index_plan, @ v2.4.0).
SELECT DISTINCT ON (d.job_id) d.job_id, d.definition
FROM (SELECT 1 AS rank, t.table_id AS job_id, t.definition::text AS definition
      FROM "table" t WHERE t.table_id = ANY ($1::int[])
      UNION ALL SELECT 2, s.sink_id, s.definition::text FROM sink s WHERE s.sink_id = ANY ($1::int[])
      UNION ALL SELECT 3, s.source_id, s.definition::text FROM source s WHERE s.source_id = ANY ($1::int[])
      UNION ALL SELECT 4, i.index_id, t.definition::text
                FROM "index" i JOIN "table" t ON t.table_id = i.index_table_id WHERE i.index_id = ANY ($1::int[])
      UNION ALL SELECT 5, v.view_id, v.definition::text FROM view v WHERE v.view_id = ANY ($1::int[])
      UNION ALL SELECT 6, s.subscription_id, s.definition::text
                FROM subscription s WHERE s.subscription_id = ANY ($1::int[])) AS d
WHERE d.definition <> ''
ORDER BY d.job_id, d.rank;
