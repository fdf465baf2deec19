-- id: incoming-sinks-mismatch
-- title: table.incoming_sinks disagrees with the sinks that write into the table
-- invariant: N1
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: table.incoming_sinks sink fragment.upstream_fragment_id streaming_job object seaql_migrations
-- until: m20250325_061743_exactly_once_iceberg_sink_metadata
-- meta-node: clean_dirty_sink_downstreams asserts the Mview bit on every fragment of a table that lists a sink that is gone (before v2.3.3): a crash loop; from v2.3.3 (shown by the releases that wrote the objects) the next recovery removes the id by itself
-- explain:
--   Up to v2.6 each table row lists the sinks that write into it in incoming_sinks (a JSON
--   array of sink ids), and every sink into the table that is not INITIAL must be listed;
--   v2.7 drops the column (m20250905_144810_deprecate_table_incoming_sinks).
--   At every start the meta node's clean_dirty_sink_downstreams (controller/catalog/util.rs)
--   takes the listed ids that are no sink into any table, removes them, and removes their
--   Merge inputs from the Union of each fragment of the table job. v2.3.0 to v2.3.2 first
--   assert that every fragment of the table job has the Mview bit (2)
--   (src/meta/src/controller/catalog/util.rs:410 @ v2.3.2), so a stale id in a table whose
--   job also has a DML or source fragment panics the meta node on every start (#21720;
--   critical). v2.0 to v2.2 assert only on a fragment whose upstream_fragment_id names a
--   fragment that is gone (src/meta/src/controller/catalog.rs:1062-1068 @ v2.0.7,
--   catalog/util.rs:411-417 @ v2.2.6); this check tells them apart by
--   m20250106_072104_fragment_relation (first in v2.3.0). v2.3.3 replaced the assert with
--   a skip of such fragments (catalog/util.rs:415-417 @ v2.3.3, #21714; also v2.4.0), and
--   the next recovery removes the stale id by itself (warning). v2.3.0 to v2.3.4 share one
--   migration set, so the store's migrations cannot tell v2.3.3 from v2.3.2; its objects
--   can: object.initialized_at_cluster_version and created_at_cluster_version hold the
--   release of the meta node that wrote each object (current_cluster_version,
--   'PostgreSQL 13.14.0-RisingWave-2.3.4 (<sha>)', src/common/src/lib.rs:129-134 @ v2.3.4;
--   set by create_object, src/meta/src/controller/catalog/create_op.rs:34-35 @ v2.3.4).
--   Both columns are nullable (m20230908_072257_init), and a NULL or a pre-release
--   version is no evidence. When the newest release among them is 2.3.3 or later, the
--   meta node that runs the store is at least that release (short of a downgrade), and a
--   stale id is a warning; otherwise it is critical.
--   Up to v2.5 a sink is listed only when it becomes CREATED (finish_streaming_job,
--   src/meta/src/controller/streaming_job.rs:729/1003 @ v2.0.7), so an unlisted CREATING sink
--   is normal here and is not reported.
--   A sink into the table that is not listed is silently lost from the table's plan at the
--   next ALTER TABLE or replace, and was seen with stale fragment ids that broke DML
--   ("Streaming vnode mapping not found for fragment", #19265) (warning).
--   A value that is not an array of sink ids does not decode when the meta node loads
--   the table (error).
--   This happens after a sink into a table was dropped by hand or by a tool that left the
--   table row alone, or after a recovery during CREATE SINK INTO on old versions. What to
--   do: set incoming_sinks to the sinks whose target_table is the table (and that are not
--   INITIAL); rwdoctor's repair drop of a sink into a table does this itself.
WITH target AS (
    SELECT t.table_id,
           CASE WHEN jsonb_typeof(t.incoming_sinks) = 'array' THEN t.incoming_sinks ELSE '[]'::jsonb END AS listed,
           jsonb_typeof(t.incoming_sinks) = 'array' AS well_formed
    FROM "table" t
),
listed AS (
    SELECT tg.table_id, e.value AS raw,
           CASE WHEN jsonb_typeof(e.value) = 'number' AND e.value::text ~ '^[0-9]{1,9}$'
                THEN e.value::text::integer END AS sink_id
    FROM target tg
    CROSS JOIN LATERAL jsonb_array_elements(tg.listed) AS e(value)
),
-- the table job has a fragment without the Mview bit that the assert of
-- clean_dirty_sink_downstreams trips on before v2.3.3: on v2.3 (m20250106_072104_fragment_relation)
-- any such fragment; on v2.0 to v2.2 only one whose upstream_fragment_id names a fragment that
-- is gone (catalog.rs:1062-1068 @ v2.0.7, catalog/util.rs:411-417 @ v2.2.6)
v2_3 AS (
    SELECT EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20250106_072104_fragment_relation') AS asserts_every_fragment
),
non_mview AS (
    SELECT DISTINCT f.job_id AS table_id
    FROM fragment f
    CROSS JOIN v2_3
    WHERE (f.fragment_type_mask & 2) = 0
      AND (v2_3.asserts_every_fragment
           OR EXISTS (SELECT 1
                      FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(f.upstream_fragment_id) = 'array'
                                                          THEN f.upstream_fragment_id ELSE '[]' END) AS u(id)
                      WHERE NOT EXISTS (SELECT 1 FROM fragment g WHERE g.fragment_id::text = u.id)))
),
-- the newest release that wrote an object ('...-RisingWave-2.3.4 (<sha>)'; a pre-release
-- such as 2.3.0-rc.1 does not match); from 2.3.3 on the recovery skips instead of asserting.
-- Read (once) only when a stale id in a table job without the Mview bit asks for it
newest_writer AS (
    SELECT max(string_to_array(substring(v.version FROM '-RisingWave-([0-9]{1,9}\.[0-9]{1,9}\.[0-9]{1,9}) \('),
                               '.')::integer[]) AS release
    FROM object o
    CROSS JOIN LATERAL (VALUES (o.initialized_at_cluster_version), (o.created_at_cluster_version)) AS v(version)
),
recovery AS (
    SELECT coalesce(w.release < ARRAY[2, 3, 3], true) AS asserts,
           array_to_string(w.release, '.') AS release
    FROM newest_writer w
)
SELECT l.table_id AS object_id,
       l.table_id AS job_id,
       NULL::integer AS fragment_id,
       format('table %s lists %s in incoming_sinks, but %s',
              l.table_id,
              CASE WHEN l.sink_id IS NULL THEN 'the value ' || l.raw::text ELSE 'sink ' || l.sink_id END,
              CASE WHEN l.sink_id IS NULL THEN 'that is not a sink id'
                   WHEN k.sink_id IS NULL THEN 'no such sink exists'
                   WHEN k.target_table IS NULL THEN 'that sink writes into no table'
                   ELSE format('that sink writes into table %s', k.target_table)
              END)
       || CASE WHEN l.sink_id IS NULL OR NOT (k.sink_id IS NULL OR k.target_table IS NULL)
                    OR l.table_id NOT IN (SELECT table_id FROM non_mview) THEN ''
               WHEN (SELECT asserts FROM recovery)
               THEN '; before v2.3.3 the next start asserts the Mview bit on the table''s other fragments and panics'
               ELSE format('; objects written by RisingWave %s show a release whose recovery removes the id',
                           (SELECT release FROM recovery))
          END AS message,
       CASE WHEN l.sink_id IS NULL THEN 'error'
            WHEN (k.sink_id IS NULL OR k.target_table IS NULL)
                 AND l.table_id IN (SELECT table_id FROM non_mview) AND (SELECT asserts FROM recovery) THEN 'critical'
            ELSE 'warning' END AS severity,
       CASE WHEN l.sink_id IS NULL THEN 'recovery-error'
            WHEN (k.sink_id IS NULL OR k.target_table IS NULL)
                 AND l.table_id IN (SELECT table_id FROM non_mview) AND (SELECT asserts FROM recovery) THEN 'panic'
            ELSE 'silent' END AS consequence,
       k.sink_id AS other_job -- the sink, so a repair of it takes this finding along
FROM listed l
LEFT JOIN sink k ON k.sink_id = l.sink_id
WHERE l.sink_id IS NULL
   OR k.sink_id IS NULL
   OR k.target_table IS DISTINCT FROM l.table_id
UNION ALL
SELECT tg.table_id, tg.table_id, NULL::integer,
       format('table %s has an incoming_sinks value that is not a JSON array', tg.table_id),
       'error', 'recovery-error', NULL::integer
FROM target tg
WHERE NOT tg.well_formed
UNION ALL
SELECT k.target_table, k.target_table, NULL::integer,
       format('sink %s writes into table %s, but the table''s incoming_sinks does not list it',
              k.sink_id, k.target_table),
       'warning', 'silent', k.sink_id
FROM sink k
JOIN target tg ON tg.table_id = k.target_table AND tg.well_formed
-- up to v2.5 a sink is listed only when it becomes CREATED (see the main file)
JOIN streaming_job sj ON sj.job_id = k.sink_id AND sj.job_status NOT IN ('INITIAL', 'CREATING')
WHERE NOT EXISTS (SELECT 1 FROM listed l WHERE l.table_id = k.target_table AND l.sink_id = k.sink_id)
ORDER BY 2, 4;
