-- id: sink-into-table-invalid
-- title: sink-into-table shape is inconsistent
-- invariant: INV-22
-- severity: error
-- worst-severity: critical
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: sink fragment fragment_relation streaming_job table
-- since: m20250106_072104_fragment_relation
-- scope: jobs fragments upstream
-- meta-node: recovery fails with "expected exactly one sink fragment for each sink" or "multiple upstream sink union fragments found for job"; drop panics with "sink should have at most one downstream fragment"
-- explain:
--   A sink with target_table set (CREATE SINK ... INTO table) has exactly one fragment with
--   the Sink bit (4); a sink fragment has at most one downstream fragment_relation edge;
--   target_table is an existing `table` row; and the target table job has at most one
--   fragment with the UpstreamSinkUnion bit (65536, v2.7 and later).
--   Recovery collects the upstream sinks of every table through
--   get_sink_fragment_by_ids (controller/utils.rs), which fails with "expected exactly
--   one sink fragment for each sink", and the recovery step in
--   barrier/context/recovery.rs fails with "multiple upstream sink union fragments found
--   for job"; both fail the whole recovery context, which is retried forever.
--   drop_object (catalog/drop_op.rs) asserts "sink should have at most one downstream
--   fragment", which aborts the meta node when such a sink is dropped (critical).
--   On PostgreSQL a NO ACTION foreign key guards sink.target_table, so it can dangle
--   only if triggers were disabled during a restore.
--   Not reported: INITIAL sink jobs, which the next recovery deletes.
--   This happens after cancelled or crashed CREATE SINK INTO TABLE on old versions
--   (#21720) and hand-made deletes of fragment or fragment_relation rows. What to do:
--   drop the sink (rwdoctor repair drop) and create it again.
--   Citations (the critical case): the drop assert is
--   src/meta/src/controller/catalog/drop_op.rs:336-339 @ v2.7.0 and v2.8.0, :346-349 @ v3.0.3,
--   :270-273 @ HEAD. Not a crash found on v2.3 to v2.6: that assert first appears in v2.7.0
--   and no other panic on a sink fragment with several downstream edges was found there.
WITH sink_job AS (
    SELECT k.sink_id, k.target_table, sj.job_status
    FROM sink k
    LEFT JOIN streaming_job sj ON sj.job_id = k.sink_id
    WHERE sj.job_status IS DISTINCT FROM 'INITIAL'
),
findings AS (
    -- sink-into-table without exactly one sink fragment
    SELECT k.sink_id AS object_id, k.sink_id AS job_id, NULL::integer AS fragment_id,
           format('sink %s into table %s has %s fragments with the sink bit (4); it needs exactly one',
                  k.sink_id, k.target_table, count(f.fragment_id)) AS message,
           'error' AS severity, 'recovery-error' AS consequence, NULL::integer AS other_job
    FROM sink_job k
    LEFT JOIN fragment f ON f.job_id = k.sink_id AND (f.fragment_type_mask & 4) <> 0
    WHERE k.target_table IS NOT NULL
      AND ($1::int[] IS NULL OR k.sink_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
    GROUP BY k.sink_id, k.target_table
    HAVING count(f.fragment_id) <> 1
    UNION ALL
    -- target table missing
    SELECT k.sink_id, k.sink_id, NULL::integer,
           format('sink %s targets table %s, which has no table row', k.sink_id, k.target_table),
           'error', 'recovery-error',
           -- the table's own repair (a restore puts its row back) takes this finding away
           k.target_table
    FROM sink_job k
    WHERE k.target_table IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = k.target_table)
      AND ($1::int[] IS NULL OR k.sink_id = ANY($1::int[]) OR k.target_table = ANY($1::int[]))
    UNION ALL
    -- sink fragment with more than one downstream edge
    SELECT f.job_id, f.job_id, f.fragment_id,
           format('sink fragment %s of job %s has %s downstream edges (%s); at most one is allowed',
                  f.fragment_id, f.job_id, count(*),
                  string_agg(r.target_fragment_id::text, ', ' ORDER BY r.target_fragment_id)),
           'critical', 'panic', NULL::integer
    FROM fragment f
    JOIN fragment_relation r ON r.source_fragment_id = f.fragment_id
    JOIN sink_job k ON k.sink_id = f.job_id
    WHERE (f.fragment_type_mask & 4) <> 0
      -- the jobs' sink fragments ($2), and sink fragments with an edge into one of their
      -- fragments ($3), read through the primary key
      AND ($1::int[] IS NULL
           OR f.fragment_id = ANY(ARRAY(SELECT s.fragment_id FROM unnest($2::int[]) AS s(fragment_id)
                                        UNION ALL
                                        SELECT u.fragment_id FROM unnest($3::int[]) AS u(fragment_id))))
    GROUP BY f.job_id, f.fragment_id
    HAVING count(*) > 1
    UNION ALL
    -- target table job with several upstream sink union fragments
    SELECT f.job_id, f.job_id, min(f.fragment_id),
           format('table job %s has %s fragments with the upstream sink union bit (65536): %s',
                  f.job_id, count(*), string_agg(f.fragment_id::text, ', ' ORDER BY f.fragment_id)),
           'error', 'recovery-error', NULL::integer
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE (f.fragment_type_mask & 65536) <> 0
      AND sj.job_status IS DISTINCT FROM 'INITIAL'
      AND ($1::int[] IS NULL OR f.fragment_id = ANY($2::int[]))
    GROUP BY f.job_id
    HAVING count(*) > 1
)
SELECT object_id, job_id, fragment_id, message, severity, consequence, other_job
FROM findings
ORDER BY object_id, fragment_id NULLS FIRST, message;
