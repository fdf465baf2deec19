-- id: sink-target-lost
-- title: a sink into a table has lost its target_table
-- invariant: N15
-- severity: warning
-- consequence: silent
-- repairs: restore-rows manual
-- requires: sink streaming_job fragment fragment_relation
-- since: m20250106_072104_fragment_relation
-- scope: jobs
-- meta-node: nothing fails; recovery builds each table's sink inputs from the sinks whose target_table is that table, so the table gets none of this sink's rows
-- explain:
--   CREATE SINK name INTO table writes the target's table id into sink.target_table, and
--   recovery builds each table's sink inputs (its UpstreamSinkUnion) from the sinks whose
--   target_table is that table (get_all_upstream_sink_infos_in_txn filters
--   sink.target_table = table id: src/meta/src/controller/fragment.rs:1921 @ v2.8.0, called
--   from src/meta/src/barrier/context/recovery.rs:406 @ v2.8.0). A sink whose target_table
--   is NULL while its definition says CREATE SINK ... INTO, or while its sink fragment still
--   has an edge into another job's fragment, is no input of the table any more: the table
--   silently gets none of its rows, and the sink runs on.
--   This is what a hand cleanup leaves that fought FK_sink_target_table_id (PostgreSQL
--   refuses to delete the table's fragments while a sink targets the table, so the
--   pointer was set to NULL first), as after #24393's "surgically removed" fragments.
--   What to do: rwdoctor repair restore --job SINK --from BACKUP (or repair all --from
--   BACKUP) sets target_table to the backup's value when the table it names is in live; when
--   the target table lost its fragments too, the table's own restore puts it back (a kept row
--   that pointed at a restored row gets its pointer back), and repair all says this incident
--   goes with it. Without a backup, set the column by hand with the meta node stopped
--   (UPDATE sink SET target_table = ... WHERE sink_id = ...). Not reported: INITIAL sink
--   jobs, which the next recovery deletes.
-- Set-based: fragment has no index on job_id, so a per-sink lookup would scan it once per sink.
WITH lost AS (
    SELECT k.sink_id, k.definition
    FROM sink k
    LEFT JOIN streaming_job sj ON sj.job_id = k.sink_id
    WHERE k.target_table IS NULL
      AND sj.job_status IS DISTINCT FROM 'INITIAL'
      AND ($1::int[] IS NULL OR k.sink_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
),
-- each lost sink's first edge (by target fragment) from its sink fragment into another job
edge AS (
    SELECT DISTINCT ON (f.job_id)
           f.job_id AS sink_id, r.source_fragment_id, r.target_fragment_id, t.job_id AS target_job
    FROM lost l
    JOIN fragment f ON f.job_id = l.sink_id AND (f.fragment_type_mask & 4) <> 0
    JOIN fragment_relation r ON r.source_fragment_id = f.fragment_id
    JOIN fragment t ON t.fragment_id = r.target_fragment_id
    WHERE t.job_id <> f.job_id
    ORDER BY f.job_id, r.target_fragment_id, r.source_fragment_id
)
SELECT k.sink_id AS object_id,
       k.sink_id AS job_id,
       NULL::integer AS fragment_id,
       format('sink %s has no target_table, but %s: the table gets none of its rows',
              k.sink_id,
              CASE WHEN e.target_job IS NOT NULL
                   THEN format('its sink fragment %s has an edge into fragment %s of job %s',
                               e.source_fragment_id, e.target_fragment_id, e.target_job)
                   ELSE 'its definition sinks INTO a table' END) AS message,
       -- the table at the other end of the sink's edge: its repair restores this pointer
       e.target_job AS other_job
FROM lost k
LEFT JOIN edge e ON e.sink_id = k.sink_id
WHERE e.target_job IS NOT NULL
   -- CREATE SINK [IF NOT EXISTS] name INTO ...: a dotted name, each part quoted or not
   OR k.definition ~* '^\s*create\s+sink\s+(if\s+not\s+exists\s+)?("([^"]|"")*"|[^\s"(.]+)(\.("([^"]|"")*"|[^\s"(.]+))*\s+into\s'
ORDER BY k.sink_id;
