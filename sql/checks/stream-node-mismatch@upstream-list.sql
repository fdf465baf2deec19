-- id: stream-node-mismatch
-- title: a fragment's stream_node plan merges from a fragment its upstream_fragment_id does not list, or names a table or source that is gone
-- invariant: INV-26
-- severity: error
-- worst-severity: critical
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: fragment streaming_job object table source
-- until: m20250106_072104_fragment_relation
-- kind: analyzer
-- scope: jobs fragments
-- meta-node: recovery builds each actor's inputs from its actors' upstream actor ids, so a Merge from a fragment the list does not name gets none and the compute node fails to build the actor, at every recovery; a Materialize of another job's table fills that table's state, a StreamScan of a table that is gone fails recovery, and a Source of a source that is gone gets no splits
-- explain:
--   Before v2.3 the edges into a fragment are its upstream_fragment_id list (JSON) and its
--   actors' upstream actor ids; the list has no dispatcher types, so only the upstream
--   fragment ids are compared (CREATING jobs' scan types matter from v2.7 only). A CREATED
--   job's Materialize must write the job's own table, every state table its nodes keep (each
--   node kind of visit_stream_node_tables_inner, as from v2.3) must be in the fragment's
--   state_table_ids, and its StreamScan, Source and SourceBackfill nodes must name a table
--   or source that still exists, as from v2.3. A state table its own fragment does not list
--   is purged by recovery (purge_state_table_from_hummock with the loaded fragments' tables,
--   src/meta/src/barrier/recovery.rs:340-343 @ v2.0.7; state_table_ids as
--   src/meta/src/stream/stream_graph/fragment.rs:1071-1083 @ v2.0.7 writes them): critical.
-- The query returns one row per CREATED job: its fragments, each with its state_table_ids and
-- its upstream_fragment_id list ("3[16,18]<2:;8[]<3:"), and its own source; before them the
-- rows ALL, TABLES, SOURCES and ROWLESS as from v2.3.
WITH jobs AS (
    SELECT f.job_id, sj.job_status, sj.create_type,
           string_agg(f.fragment_id::text || coalesce('[' || translate(f.state_table_ids::text, '[] ', '') || ']', '')
                      || '<' || coalesce(CASE WHEN jsonb_typeof(f.upstream_fragment_id) = 'array'
                                              THEN (SELECT string_agg(u.value || ':', ',')
                                                    FROM jsonb_array_elements_text(f.upstream_fragment_id) AS u(value)) END, ''),
                      ';' ORDER BY f.fragment_id) AS fragments,
           CASE WHEN $1::int[] IS NOT NULL
                THEN string_agg(f.fragment_id::text || ':' || f.stream_node::text, ';' ORDER BY f.fragment_id) END AS plans
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE sj.job_status = 'CREATED'
      AND ($1::int[] IS NULL OR f.fragment_id = ANY($2::int[])) -- scope (CheckSpec::scoped)
    GROUP BY f.job_id, sj.job_status, sj.create_type
)
SELECT j.job_id, j.job_status, j.create_type, false AS typed_edges, j.fragments, j.plans,
       CASE o.obj_type WHEN 'SOURCE' THEN j.job_id WHEN 'TABLE' THEN t.optional_associated_source_id END AS own_source
FROM jobs j
LEFT JOIN object o ON o.oid = j.job_id
LEFT JOIN "table" t ON t.table_id = j.job_id
UNION ALL
SELECT NULL, 'ALL', NULL, NULL, (SELECT string_agg(fragment_id::text, ',') FROM fragment), NULL, NULL
UNION ALL
SELECT NULL, 'TABLES', NULL, NULL,
       (SELECT string_agg(table_id::text || ':' || coalesce(fragment_id::text, ''), ',') FROM "table" WHERE table_type <> 'INTERNAL'),
       NULL, NULL
UNION ALL
SELECT NULL, 'SOURCES', NULL, NULL, (SELECT string_agg(source_id::text, ',') FROM source), NULL, NULL
UNION ALL
SELECT NULL, 'ROWLESS', NULL, NULL,
       (SELECT string_agg(o.oid::text, ',')
        FROM object o
        LEFT JOIN "table" t ON t.table_id = o.oid
        LEFT JOIN source s ON s.source_id = o.oid
        WHERE (o.obj_type IN ('TABLE', 'INDEX') AND t.table_id IS NULL) OR (o.obj_type = 'SOURCE' AND s.source_id IS NULL)),
       NULL, NULL
ORDER BY 1 NULLS FIRST;
