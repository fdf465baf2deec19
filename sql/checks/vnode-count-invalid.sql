-- id: vnode-count-invalid
-- title: a table's or fragment's vnode_count is out of range, a placeholder, or disagrees with its fragment
-- invariant: N10
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: fragment.vnode_count table.vnode_count streaming_job seaql_migrations
-- since: m20240911_083152_variable_vnode_count
-- scope: jobs fragments tables
-- meta-node: VnodeCount::set panics ("invalid vnode count") on a value outside 1..32768 (0..32768 from v2.7) when the meta node loads the row; a placeholder or a mismatch panics compute nodes and fails batch reads
-- explain:
--   Since v2.1 (m20240911_083152_variable_vnode_count) every fragment and every table row
--   carries the number of virtual nodes its data is distributed over. The meta node turns
--   both into a VnodeCount with VnodeCount::set (src/common/src/hash/consistent_hash/
--   vnode_count.rs) when it loads fragments (model/stream.rs) and tables (controller/mod.rs),
--   and that panics with "invalid vnode count" for a negative value or one above
--   VirtualNode::MAX_COUNT (32768): a crash loop (critical). There is no power-of-two rule.
--   A fragment with vnode_count 0 has no vnode to give its actors (critical).
--   A table with vnode_count 0: from v2.7 VnodeCount::set(0) returns the placeholder
--   (vnode_count.rs:38-39 @ v2.7.0) that the meta service must fill before a table is used
--   (#18759: the SQL backend left internal tables at the placeholder before v2.1.0); compute
--   and frontend nodes panic with "vnode count is a placeholder that must be filled by the
--   meta service first" (error). From v2.1 to v2.6 set() accepts only 1..=32768 and panics
--   on 0 (compat.rs:33-39 @ v2.1.0, vnode_count.rs:36-42 @ v2.4.4 and @ v2.6.0), and the meta
--   node calls it when it converts the table row to PbTable as it loads the catalog
--   (src/meta/src/controller/mod.rs:263 @ v2.4.4): critical on a store without v2.7's
--   migrations (marker: m20250905_144810_deprecate_table_incoming_sinks).
--   A table's vnode_count must equal its fragment's: batch scans fail with "fragment vnode
--   count ... does not match table vnode count" (frontend plan_fragmenter.rs) and state-table
--   reads panic with "vnode count mismatch, scanning table ... under wrong distribution?"
--   (common/src/hash/table_distribution.rs) (error). Singleton tables are exempt (no
--   distribution key, no dist_key_in_pk, no vnode_col_index): they may keep 256 for
--   compatibility (#19760, m20241025_062548_singleton_vnode_count).
--   Not reported: INITIAL jobs, which recovery deletes before it loads anything.
--   This happens after hand edits of the rows, restores that mix rows of different
--   clusters, or stores written before v2.1.0. What to do: set the value from a backup of
--   the same job, or drop the job.
WITH v2_7 AS (
    SELECT EXISTS (
        SELECT 1 FROM seaql_migrations
        WHERE version = 'm20250905_144810_deprecate_table_incoming_sinks'
    ) AS zero_is_placeholder
),
live_fragment AS (
    SELECT f.fragment_id, f.job_id, f.vnode_count, f.distribution_type
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE sj.job_status <> 'INITIAL'
      -- scope (CheckSpec::scoped): the jobs' fragments ($2), read by primary key
      AND ($1::int[] IS NULL OR f.fragment_id = ANY($2::int[]))
),
live_table AS (
    SELECT t.table_id, coalesce(t.belongs_to_job_id, t.table_id) AS job_id, t.fragment_id,
           t.vnode_count,
           jsonb_array_length(CASE WHEN jsonb_typeof(t.distribution_key) = 'array'
                                   THEN t.distribution_key ELSE '[]' END) = 0
           AND jsonb_array_length(CASE WHEN jsonb_typeof(t.dist_key_in_pk) = 'array'
                                       THEN t.dist_key_in_pk ELSE '[]' END) = 0
           AND t.vnode_col_index IS NULL AS singleton
    FROM "table" t
    JOIN streaming_job sj ON sj.job_id = coalesce(t.belongs_to_job_id, t.table_id)
    WHERE sj.job_status <> 'INITIAL'
      -- scope: the jobs' table rows and those on their fragments ($3): a row's finding rests on
      -- the row, its job and its fragment
      AND ($1::int[] IS NULL OR t.table_id = ANY($3::int[]))
)
SELECT f.job_id AS object_id,
       f.job_id AS job_id,
       f.fragment_id AS fragment_id,
       format('fragment %s of job %s has vnode_count %s; it must be 1..32768',
              f.fragment_id, f.job_id, f.vnode_count) AS message,
       'critical' AS severity,
       'panic' AS consequence
FROM live_fragment f
WHERE f.vnode_count NOT BETWEEN 1 AND 32768
UNION ALL
SELECT t.job_id, t.job_id, t.fragment_id,
       CASE WHEN t.vnode_count NOT BETWEEN 0 AND 32768
            THEN format('table %s of job %s has vnode_count %s; it must be 1..32768',
                        t.table_id, t.job_id, t.vnode_count)
            WHEN t.vnode_count = 0 AND NOT v.zero_is_placeholder
            THEN format('table %s of job %s has vnode_count 0; before v2.7 VnodeCount::set(0) panics when the '
                        'meta node loads the table', t.table_id, t.job_id)
            WHEN t.vnode_count = 0
            THEN format('table %s of job %s has vnode_count 0, the placeholder the meta service must fill',
                        t.table_id, t.job_id)
            ELSE format('table %s of job %s has vnode_count %s but its fragment %s has %s',
                        t.table_id, t.job_id, t.vnode_count, t.fragment_id, f.vnode_count)
       END,
       CASE WHEN t.vnode_count NOT BETWEEN 0 AND 32768 OR (t.vnode_count = 0 AND NOT v.zero_is_placeholder)
            THEN 'critical' ELSE 'error' END,
       CASE WHEN t.vnode_count NOT BETWEEN 0 AND 32768 OR (t.vnode_count = 0 AND NOT v.zero_is_placeholder)
            THEN 'panic' ELSE 'recovery-error' END
FROM live_table t
CROSS JOIN v2_7 v
LEFT JOIN fragment f ON f.fragment_id = t.fragment_id
WHERE t.vnode_count NOT BETWEEN 1 AND 32768
   OR (f.vnode_count BETWEEN 1 AND 32768 AND t.vnode_count <> f.vnode_count AND NOT t.singleton)
ORDER BY 3, 4;
