-- case: T3: MV 100 on mv_orders is INITIAL after prepare_streaming_job: fragment 100 and table rows with fragment_id set, but no inbound edge from mv_orders yet
-- generations: all
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES
  (100, 'TABLE', 1, 2, 1), (101, 'TABLE', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'INITIAL', 'BACKGROUND', 'UTC', '"Adaptive"', 256);
INSERT INTO object_dependency (oid, used_by) VALUES (16, 100);
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node,
                      state_table_ids, upstream_fragment_id, vnode_count)
SELECT 100, 100, fragment_type_mask, distribution_type, stream_node, '[100, 101]', upstream_fragment_id, vnode_count
FROM fragment WHERE fragment_id = 8;
CREATE TEMPORARY TABLE inj_table AS SELECT * FROM "table" WHERE table_id IN (24, 25);
UPDATE inj_table SET table_id = 100, name = 'mv_vip', fragment_id = 100,
       definition = 'CREATE MATERIALIZED VIEW mv_vip AS SELECT * FROM mv_orders WHERE total_amount > 10000'
 WHERE table_id = 24;
UPDATE inj_table SET table_id = 101, name = '__internal_mv_vip_100_streamscan_101', belongs_to_job_id = 100,
       fragment_id = 100
 WHERE table_id = 25;
INSERT INTO "table" SELECT * FROM inj_table;
DROP TABLE inj_table;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = CASE oid WHEN 100 THEN 2 ELSE 100 END WHERE oid IN (100, 101)';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 101);
