-- id: pending-sink-state-orphaned
-- title: pending_sink_state rows of a missing sink, or pending rows of a sink without a state table
-- invariant: INV-25
-- severity: warning
-- worst-severity: error
-- consequence: silent
-- repairs: fix manual
-- requires: pending_sink_state object sink fragment
-- scope: jobs
-- meta-node: leaked rows bloat the meta snapshot and backup (risk of meta oom, #26044); a sink with pending rows and no sink state table fails recovery with "no state table id in sink: {}"
-- explain:
--   pending_sink_state (v2.8 and later) holds the two-phase commit state of exactly-once
--   sinks, keyed by sink_id. Until m20260624_000000_pending_sink_state_object_fk (v3.0.3)
--   the table had no foreign key, so DROP SINK leaked its rows (#26044); that migration
--   cleans them with DELETE FROM pending_sink_state WHERE sink_id NOT IN (SELECT oid FROM
--   object) and adds the cascade. The leaked rows are never read again but bloat the meta
--   store, its snapshots and backups.
--   For existing sinks with PENDING rows, recovery (abort_dirty_pending_sink_state in
--   barrier/context/recovery.rs) reads the first state table of the sink's Sink fragment
--   and fails with "no state table id in sink: {}" when there is none, so recovery is
--   retried forever (error). sink_state must be PENDING, COMMITTED or ABORTED; another
--   string fails to decode when recovery lists pending sinks (error).
--   What to do: delete the leaked rows with the meta node stopped: rwdoctor repair fix
--   --check pending-sink-state-orphaned (or repair all) deletes the rows of each sink whose
--   object is gone, as the migration does, with an undo file. Rows of an object that exists
--   (not a sink, a sink without a state table, unknown states) are left to the DBA: the data
--   leaves a choice there.
WITH per_sink AS (
    SELECT p.sink_id,
           count(*) AS rows_total,
           count(*) FILTER (WHERE p.sink_state = 'PENDING') AS pending,
           string_agg(DISTINCT quote_literal(translate(left(p.sink_state, 20), E'\r\n\t', '   ')), ', ')
               FILTER (WHERE p.sink_state NOT IN ('PENDING', 'COMMITTED', 'ABORTED')) AS bad_states
    FROM pending_sink_state p
    WHERE $1::int[] IS NULL OR p.sink_id = ANY($1::int[]) -- scope (CheckSpec::scoped)
    GROUP BY p.sink_id
),
sink_tables AS (
    SELECT f.job_id,
           bool_or(jsonb_typeof(f.state_table_ids::jsonb) = 'array'
                   AND jsonb_array_length(f.state_table_ids::jsonb) > 0) AS has_state_table
    FROM fragment f
    WHERE (f.fragment_type_mask & 4) <> 0
      AND ($1::int[] IS NULL OR f.job_id = ANY($1::int[]))
    GROUP BY f.job_id
)
SELECT
    ps.sink_id AS object_id,
    CASE WHEN k.sink_id IS NOT NULL THEN ps.sink_id END AS job_id,
    NULL::integer AS fragment_id,
    CASE
        WHEN ps.bad_states IS NOT NULL THEN
            format('pending_sink_state has rows of sink %s with unknown sink_state %s',
                   ps.sink_id, ps.bad_states)
        WHEN o.oid IS NULL THEN
            format('pending_sink_state has %s rows of sink %s, which does not exist',
                   ps.rows_total, ps.sink_id)
        WHEN k.sink_id IS NULL THEN
            format('pending_sink_state has %s rows of %s object %s, which is not a sink',
                   ps.rows_total, lower(o.obj_type), ps.sink_id)
        ELSE
            format('sink %s has %s pending rows but its sink fragment lists no state table',
                   ps.sink_id, ps.pending)
    END AS message,
    CASE WHEN ps.bad_states IS NOT NULL THEN 'error'
         WHEN o.oid IS NULL OR k.sink_id IS NULL THEN 'warning'
         ELSE 'error' END AS severity,
    CASE WHEN ps.bad_states IS NOT NULL THEN 'recovery-error'
         WHEN o.oid IS NULL OR k.sink_id IS NULL THEN 'silent'
         ELSE 'recovery-error' END AS consequence,
    -- the fix, for rows of a sink whose object is gone: what m20260624 deletes
    CASE WHEN o.oid IS NULL AND ps.bad_states IS NULL THEN
        format('DELETE FROM pending_sink_state WHERE sink_id = %s AND NOT EXISTS (SELECT 1 FROM object WHERE oid = %s);',
               ps.sink_id, ps.sink_id)
    END AS statement
FROM per_sink ps
LEFT JOIN object o ON o.oid = ps.sink_id
LEFT JOIN sink k ON k.sink_id = ps.sink_id
LEFT JOIN sink_tables st ON st.job_id = ps.sink_id
WHERE ps.bad_states IS NOT NULL
   OR o.oid IS NULL
   OR k.sink_id IS NULL
   OR (ps.pending > 0 AND st.job_id IS NOT NULL AND NOT st.has_state_table)
ORDER BY ps.sink_id;
