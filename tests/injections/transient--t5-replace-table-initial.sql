-- case: T5: ALTER TABLE "Customers" in progress: placeholder job 100 (TABLE object, no type row, streaming_job INITIAL) with its own fragments 100/101 listing the same state tables as the original, and object_dependency(19 -> 100)
-- generations: all
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (100, 'TABLE', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
INSERT INTO object_dependency (oid, used_by) VALUES (19, 100);
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node,
                      state_table_ids, upstream_fragment_id, vnode_count)
SELECT fragment_id + 96, 100, fragment_type_mask, distribution_type, stream_node,
       state_table_ids, upstream_fragment_id, vnode_count
FROM fragment WHERE fragment_id IN (4, 5);
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
SELECT 100, 101, dispatcher_type, dist_key_indices, output_indices
FROM fragment_relation WHERE source_fragment_id = 4 AND target_fragment_id = 5;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = CASE oid WHEN 100 THEN 2 END WHERE oid IN (100)';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 100);
