-- id: table-mview-fragment-invalid
-- title: a TABLE job without exactly one Mview fragment, or not migrated to UpstreamSinkUnion while sinks target it
-- invariant: N3
-- severity: error
-- consequence: ddl-error
-- repairs: manual
-- requires: table fragment streaming_job sink
-- since: m20250905_144810_deprecate_table_incoming_sinks
-- meta-node: has_table_been_migrated bails ("expected exactly one mview fragment for table"), so CREATE and DROP SINK INTO the table fail; an unmigrated table refuses sink DDL
-- explain:
--   Since v2.7 (m20250905_144810_deprecate_table_incoming_sinks) sinks into a table are
--   wired through an UpstreamSinkUnion node in the table's Mview fragment, marked by the
--   fragment type bit UpstreamSinkUnion (65536). Tables created before v2.7 keep their
--   legacy plan until a background task (start_migrate_table_fragments, ddl_service.rs)
--   replaces it; list_unmigrated_tables (catalog/list_op.rs) picks every TABLE whose Mview
--   fragment (bit 2) lacks the bit.
--   has_table_been_migrated (controller/utils.rs) requires exactly one Mview fragment per
--   table job and bails with "expected exactly one mview fragment for table {}, found {}"
--   otherwise: CREATE SINK INTO and DROP SINK of that table fail (validate_table_for_sink,
--   src/meta/src/rpc/ddl_controller.rs:903-906 @ v2.7.0, :1086-1095 @ HEAD; drop_op.rs:170-180
--   @ v2.7.0) (error). The background migration task does not call it: it takes its tables
--   from list_unmigrated_tables, an inner join of TABLEs with their fragments that have the
--   Mview bit and lack 65536 (src/meta/src/controller/catalog/list_op.rs:321-336 @ v2.7.0), and
--   asks a frontend for a replace plan per table, stopping at the first failure and retrying
--   later (src/meta/service/src/ddl_service.rs:149-197 @ v2.7.0). A table without an Mview
--   fragment is never listed, so it cannot block the task; what stops the task is a failing
--   replace plan (#23708, "table not found"), which this check does not see.
--   A table that sinks write into and that is not migrated refuses sink DDL: "Dropping sink
--   into table is not allowed for unmigrated table {}. Please migrate it first." (#24393)
--   (warning: the migration task may still get to it).
--   Not reported: a table that is merely not migrated yet and that no sink targets (the
--   task migrates it, and no DDL waits for it), and jobs that are not CREATED (their plan
--   is still being built or replaced), nor table jobs without any fragment
--   (job-without-fragments).
--   This happens after hand edits of fragment rows, fragments restored from a backup of
--   another version, or an upgrade from v2.6 whose migration task failed (an upgraded store
--   keeps every table unmigrated until the task has run, so the warning is expected right
--   after an upgrade of a store whose tables have sinks into them). The warning clears after
--   the start (JSON clears_after_start): the meta node starts the task at every start unless
--   enable_legacy_table_migration is false (default true: src/meta/node/src/server.rs:575-576,
--   src/common/src/config/meta.rs:463-465, :934-936 @ HEAD 448c6570), and it retries every
--   5 s until a running frontend gives it a replace plan for each table
--   (src/meta/service/src/ddl_service.rs:153-230 @ HEAD). It does not stop the start: guard
--   lets the meta node start, and check reports it until the task has run. What to do:
--   for the error, restore the table job's fragment rows from a backup of the same version;
--   for an unmigrated table, nothing before the start; if it stays after the start, look for
--   "failed to migrate legacy table fragments" in the meta log.
WITH table_job AS (
    SELECT t.table_id
    FROM "table" t
    JOIN streaming_job sj ON sj.job_id = t.table_id AND sj.job_status = 'CREATED'
    WHERE t.table_type = 'TABLE'
      AND EXISTS (SELECT 1 FROM fragment f WHERE f.job_id = t.table_id)
),
mview AS (
    SELECT tj.table_id,
           count(f.fragment_id) AS mview_fragments,
           string_agg(f.fragment_id::text, ', ' ORDER BY f.fragment_id) AS fragment_ids,
           min(f.fragment_id) AS first_fragment,
           coalesce(bool_and((f.fragment_type_mask & 65536) <> 0), false) AS migrated
    FROM table_job tj
    LEFT JOIN fragment f ON f.job_id = tj.table_id AND (f.fragment_type_mask & 2) <> 0
    GROUP BY tj.table_id
),
incoming AS (
    SELECT k.target_table AS table_id,
           string_agg(k.sink_id::text, ', ' ORDER BY k.sink_id) AS sink_ids
    FROM sink k
    WHERE k.target_table IS NOT NULL
    GROUP BY k.target_table
)
SELECT m.table_id AS object_id,
       m.table_id AS job_id,
       m.first_fragment AS fragment_id,
       CASE WHEN m.mview_fragments <> 1
            THEN format('table job %s has %s fragments with the Mview bit (2)%s; RisingWave expects exactly one',
                        m.table_id, m.mview_fragments,
                        CASE WHEN m.mview_fragments > 0 THEN ': ' || m.fragment_ids ELSE '' END)
            ELSE format('table job %s is not migrated to UpstreamSinkUnion (its Mview fragment %s lacks bit 65536) while %s into it; sink DDL on it is refused',
                        m.table_id, m.first_fragment,
                        CASE WHEN i.sink_ids LIKE '%,%' THEN 'sinks ' || i.sink_ids || ' write'
                             ELSE 'sink ' || i.sink_ids || ' writes' END)
       END AS message,
       CASE WHEN m.mview_fragments <> 1 THEN 'error' ELSE 'warning' END AS severity,
       m.mview_fragments = 1 AS clears_after_start
FROM mview m
LEFT JOIN incoming i ON i.table_id = m.table_id
WHERE m.mview_fragments <> 1
   OR (NOT m.migrated AND i.table_id IS NOT NULL)
ORDER BY m.table_id;
