-- case: T6: sink orders_iceberg_sink (26) is being replaced: new sink 100 named __rw_replacing_sink_26_100 (CREATING, forced BACKGROUND) with fragment 100 and backfill state table 101
-- generations: all
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES
  (100, 'SINK', 1, 2, 1), (101, 'TABLE', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'CREATING', 'BACKGROUND', 'UTC', '"Adaptive"', 256);
CREATE TEMPORARY TABLE inj_sink AS SELECT * FROM sink WHERE sink_id = 26;
UPDATE inj_sink SET sink_id = 100, name = '__rw_replacing_sink_26_100';
INSERT INTO sink SELECT * FROM inj_sink;
DROP TABLE inj_sink;
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node,
                      state_table_ids, upstream_fragment_id, vnode_count)
SELECT 100, 100, fragment_type_mask, distribution_type, stream_node, '[101]', upstream_fragment_id, vnode_count
FROM fragment WHERE fragment_id = 9;
CREATE TEMPORARY TABLE inj_table AS SELECT * FROM "table" WHERE table_id = 27;
UPDATE inj_table SET table_id = 101, name = '__internal___rw_replacing_sink_26_100_100_streamscan_101',
       belongs_to_job_id = 100, fragment_id = 100;
INSERT INTO "table" SELECT * FROM inj_table;
DROP TABLE inj_table;
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
SELECT 3, 100, dispatcher_type, dist_key_indices, output_indices
FROM fragment_relation WHERE source_fragment_id = 3 AND target_fragment_id = 9;
INSERT INTO object_dependency (oid, used_by) VALUES (16, 100);
-- <= v2.6: actors of the new sink fragment
INSERT INTO actor (actor_id, fragment_id, status, splits, worker_id, upstream_actor_ids, vnode_bitmap, expr_context)
SELECT actor_id + 1000, 100, status, splits, worker_id, upstream_actor_ids, vnode_bitmap, expr_context
FROM actor WHERE fragment_id = 9;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = CASE oid WHEN 100 THEN 2 ELSE 100 END WHERE oid IN (100, 101)';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 101);
