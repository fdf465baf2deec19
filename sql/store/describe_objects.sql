-- Names, types and status of the catalog objects that findings are about ($1: int array).
-- The name lives in the object's type row; it is NULL when that row is gone (the first type
-- table that names the oid wins, in the order below).
-- `check` calls this once per block of up to 1000 findings, and a repair's check runs call it
-- for blocks of a few. The LATERAL with OFFSET 0 looks each wanted oid up by the primary key
-- instead of letting the planner hash the whole object table on every call (46 blocks on a
-- store with 100k objects: 0.2 s instead of 1.9 s). The names come from one UNION ALL of
-- primary-key lookups joined once, not from eleven LEFT JOINs whose orders the planner
-- searched (at scale S: 5 oids 3.4 -> 1.1 ms, 200 oids 8.9 -> 2.5 ms, 1000 oids 16.7 ->
-- 11.9 ms, planning included).
-- kind_from_fragments: a TABLE object whose "table" row is gone is a table or a materialized
-- view (an index's job object is of type INDEX: create_job_catalog, StreamingJob::Index, in
-- src/meta/src/controller/streaming_job.rs, v2.0.7 to HEAD), and its fragments still tell
-- which: every table's plan has a Dml node (gen_table_plan's inject_dml_node on both of its
-- branches, src/frontend/src/optimizer/mod.rs, v2.0.7, v2.4.0, v2.8.0, v3.0.3 and HEAD), whose
-- fragment gets the Dml bit (128), and a materialized view's has a Materialize node and no Dml
-- node, whose fragment gets the Mview bit (2) (src/frontend/src/stream_fragmenter/mod.rs).
-- NULL otherwise, and when the job has no fragment left. The fragments are read for such
-- objects only (no name: no "table" row, as an oid names one object and "table" comes first in
-- `named`), all of them in one pass: fragment.job_id has no index in RisingWave's schema, so a
-- lookup per object was a scan of the whole fragment table each (the INITIAL jobs of a store in
-- an incident have no "table" row yet: 208 of them at scale M cost 9.6 s of a 14 s check).
WITH o AS (
  SELECT o.oid, o.obj_type, o.database_id, o.schema_id
  FROM pg_catalog.unnest($1::int[]) AS wanted(oid)
  CROSS JOIN LATERAL (SELECT oid, obj_type, database_id, schema_id FROM object WHERE object.oid = wanted.oid
                      OFFSET 0) AS o
),
named AS (
  SELECT DISTINCT ON (oid) oid, name
  FROM (SELECT 1 AS rank, table_id AS oid, name FROM "table" WHERE table_id = ANY ($1::int[])
        UNION ALL SELECT 2, source_id, name FROM source WHERE source_id = ANY ($1::int[])
        UNION ALL SELECT 3, sink_id, name FROM sink WHERE sink_id = ANY ($1::int[])
        UNION ALL SELECT 4, index_id, name FROM "index" WHERE index_id = ANY ($1::int[])
        UNION ALL SELECT 5, view_id, name FROM view WHERE view_id = ANY ($1::int[])
        UNION ALL SELECT 6, subscription_id, name FROM subscription WHERE subscription_id = ANY ($1::int[])
        UNION ALL SELECT 7, function_id, name FROM function WHERE function_id = ANY ($1::int[])
        UNION ALL SELECT 8, connection_id, name FROM connection WHERE connection_id = ANY ($1::int[])
        UNION ALL SELECT 9, secret_id, name FROM secret WHERE secret_id = ANY ($1::int[])
        UNION ALL SELECT 10, schema_id, name FROM schema WHERE schema_id = ANY ($1::int[])
        UNION ALL SELECT 11, database_id, name FROM database WHERE database_id = ANY ($1::int[])) AS typed
  WHERE name IS NOT NULL
  ORDER BY oid, rank
),
nameless_tables AS MATERIALIZED (
  SELECT pg_catalog.array_agg(o.oid) AS oids
  FROM o
  WHERE o.obj_type = 'TABLE' AND NOT EXISTS (SELECT 1 FROM named WHERE named.oid = o.oid)
),
kinds AS (
  SELECT f.job_id,
         CASE WHEN bool_or((f.fragment_type_mask & 128) <> 0) THEN 'TABLE'
              WHEN bool_or((f.fragment_type_mask & 2) <> 0) THEN 'MATERIALIZED VIEW' END AS kind
  FROM fragment f
  WHERE (SELECT oids FROM nameless_tables) IS NOT NULL
    AND f.job_id = ANY ((SELECT oids FROM nameless_tables)::int[])
  GROUP BY f.job_id
)
SELECT o.oid, o.obj_type, o.database_id,
       db.name AS database_name, sc.name AS schema_name, named.name AS object_name,
       sj.job_status,
       CASE WHEN o.obj_type = 'TABLE' AND named.name IS NULL THEN kinds.kind END AS kind_from_fragments
FROM o
LEFT JOIN database db ON db.database_id = o.database_id
LEFT JOIN schema sc ON sc.schema_id = o.schema_id
LEFT JOIN named ON named.oid = o.oid
LEFT JOIN kinds ON kinds.job_id = o.oid
LEFT JOIN streaming_job sj ON sj.job_id = o.oid;
