-- id: stream-node-mismatch
-- title: a fragment's stream_node plan disagrees with the edges or the catalog, or a CREATING job's scan cannot be resumed
-- invariant: INV-26
-- severity: error
-- worst-severity: critical
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: fragment fragment_relation streaming_job object table source
-- since: m20250106_072104_fragment_relation
-- kind: analyzer
-- scope: jobs fragments
-- meta-node: a Merge without its edge, or a StreamScan of a table that is gone, fails recovery every time ("no upstream actors found", "cannot get committed epoch"); from v2.7 recovery refuses a background CREATING job with a legacy StreamScan, and from v2.8 a scan without a type reaches unreachable!(); a Materialize of another job's table fills that table's state; a Source of a source that is gone gets no splits
-- explain:
--   fragment.stream_node is the fragment's plan, a protobuf StreamNode tree. rwdoctor
--   decodes it with its own small copy of RisingWave's stream_plan.proto (the Merge,
--   StreamScan, Materialize, Source and SourceBackfill nodes, and the table fields of every
--   node kind that visit_stream_node_tables_inner visits
--   (src/common/src/util/stream_graph_visitor.rs): joins, aggregations, top-N, dedup,
--   windows, sorts, sinks' log stores and the rest; field numbers checked at v2.0.7, v2.4.0,
--   v2.8.0, v3.0.3 and HEAD, unchanged where a node exists) and compares it with the rows
--   beside it:
--   - every Merge names its upstream fragment and dispatcher type. For a CREATED job there
--     must be an edge from that fragment into this one (fragment_relation from v2.3, before
--     that the fragment's upstream_fragment_id list), and NO_SHUFFLE on one side must be
--     NO_SHUFFLE on the other (a HASH Merge over a SIMPLE edge is normal). A Merge without an
--     edge gets no upstream actors at recovery (MergeExecutorBuilder), so recovery fails and
--     is retried forever: what a hand delete of fragment_relation rows leaves (#21720).
--     A Merge from a fragment that no longer exists is not reported: on SQL stores recovery
--     removes such a Union input of a table itself (clean_dirty_sink_downstreams, PR
--     #16258), and elsewhere it is the trace of the upstream job's own damage, which that
--     job's findings report (job-without-fragments, say); its repair brings the edge back.
--   - a CREATED job's Materialize writes the job's own table: its table id is the job id
--     (seal_fragment lists the job id as the fragment's state table). A plan that writes
--     another table's id, say after a fragment row was copied between jobs, writes its rows
--     into that table's state while its own table stays empty (critical).
--   - every state table the plan keeps is in the fragment's state_table_ids: the
--     Materialize's table and every table of every node kind visit_stream_node_tables_inner
--     visits (a HashAgg's intermediate state, materialized inputs and distinct dedup tables,
--     a HashJoin's side and degree tables, a StreamScan's, Source's or SourceBackfill's
--     progress, a sink's log store, ...). RisingWave's state_table_ids are the tables that
--     same visit finds plus the job's own table (seal_fragment in
--     src/meta/src/stream/stream_graph/fragment.rs, v2.0.7 to HEAD), so a healthy plan
--     names no other table (src/meta/src/stream/stream_graph/fragment.rs:1071-1083 @ v2.0.7,
--     :2170-2190 @ HEAD). Recovery purges the state of every table no loaded fragment lists
--     (purge_state_table_from_hummock with the loaded fragments' tables,
--     src/meta/src/barrier/recovery.rs:340-343 @ v2.0.7,
--     src/meta/src/barrier/context/recovery.rs:355-363 @ v2.4.4, :948-958 @ HEAD), and a table
--     is listed by one fragment only, so one its own fragment does not list loses its state
--     (critical). CREATING jobs are left out: a
--     replacement's plan keeps the original's.
--   - a StreamScan reads an upstream table, and a Source or SourceBackfill node a source,
--     that still exist as a table (not internal) or a source row. A scan of a table that is
--     gone fails recovery (a snapshot backfill looks up the table's committed epoch, "cannot
--     get committed epoch on table"; other scans merge from its gone fragments). A source
--     that is gone has no split worker in the meta node (SourceManager::new starts one per
--     source row), so its actors get no splits and read nothing, silently. These are the
--     stale references of N9 left behind when an upstream object was deleted by hand. An
--     object that still exists without its table or source row is not reported here: that
--     is the upstream job's own damage (deleting a job's fragments takes its table rows
--     along on some releases), which its findings report and its repair mends.
--   - in a CREATED job a StreamScan's Merge reads from its table's fragment (table.fragment_id),
--     and the Source node of a SOURCE job reads the source itself, of a TABLE job its
--     associated source. Otherwise the backfill reads one table's snapshot beside another's
--     changes, or the splits of the job's own source go to no actor (error, silent).
--   - from v2.7 recovery resumes a background CREATING job only when every StreamScan is
--     reschedulable (INV-26): CHAIN, REARRANGE and BACKFILL (and UPSTREAM_ONLY up to v3.0.0;
--     v3.0.1 still refuses it too, but shares its migrations with v3.0.2 and v3.0.3, which
--     resume it) make it bail on every recovery; from v2.8 a scan without a type reaches
--     unreachable!() (critical). Before v2.7 such a job only keeps its parallelism. On HEAD
--     foreground CREATING jobs are resumed too and are judged alike.
--   Merges with upstream 0 (a placeholder), INITIAL jobs and the edge direction without a
--   Merge (UpstreamSinkUnion and cross-database snapshot backfill have none) are not
--   judged. Plans that do not decode are left to blob-malformed. When blob-malformed runs
--   too, the plans are decoded during its scan, so they are read once.
--   What to do: drop the job and create it again (rwdoctor repair drop), or copy the
--   fragment's row from a backup by hand; never edit the plan bytes.
-- The query returns one row per CREATED or CREATING job: its fragments, each with its
-- state_table_ids and the edges into it ("3[16,18]<2:HASH,5:NO_SHUFFLE;8[]<"), and its own source
-- (a SOURCE job's id, a TABLE's associated source); a row (job_status ALL) with the ids of every
-- fragment, so a Merge from a fragment that is gone can be told from one without its edge; a row
-- TABLES with every non-internal table and its fragment ("16:3,19:5"); a row SOURCES with the
-- ids of every source; a row ROWLESS with the table, index and source objects that have lost
-- their table or source row. Those four rows (job_id NULL) come first: the analyzer takes the
-- rows a block at a time and judges each job as it comes. The
-- analyzer decodes the plans: scoped runs carry them here (plans, "3:\x0a..;8:..."); otherwise
-- they come from blob-malformed's scan, or are read once.
WITH edges AS (
    SELECT r.target_fragment_id, string_agg(r.source_fragment_id::text || ':' || r.dispatcher_type, ',') AS upstreams
    FROM fragment_relation r
    WHERE $1::int[] IS NULL OR r.target_fragment_id = ANY($2::int[])
    GROUP BY r.target_fragment_id
), jobs AS (
    SELECT f.job_id, sj.job_status, sj.create_type,
           string_agg(f.fragment_id::text || coalesce('[' || translate(f.state_table_ids::text, '[] ', '') || ']', '')
                      || '<' || coalesce(e.upstreams, ''), ';' ORDER BY f.fragment_id) AS fragments,
           CASE WHEN $1::int[] IS NOT NULL
                THEN string_agg(f.fragment_id::text || ':' || f.stream_node::text, ';' ORDER BY f.fragment_id) END AS plans
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    LEFT JOIN edges e ON e.target_fragment_id = f.fragment_id
    WHERE sj.job_status IN ('CREATED', 'CREATING')
      AND ($1::int[] IS NULL OR f.fragment_id = ANY($2::int[])) -- scope (CheckSpec::scoped)
    GROUP BY f.job_id, sj.job_status, sj.create_type
)
SELECT j.job_id, j.job_status, j.create_type, true AS typed_edges, j.fragments, j.plans,
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
