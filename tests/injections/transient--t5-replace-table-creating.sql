-- case: T5 after post-collect: the ALTER TABLE placeholder job 100 of "Customers" is CREATING (with splits, and actors where the generation persists them); to be finished by finish_replace_streaming_job
-- generations: all
-- expect: job-type-invalid job_id=100 severity=info
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (100, 'TABLE', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'CREATING', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
INSERT INTO object_dependency (oid, used_by) VALUES (19, 100);
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node,
                      state_table_ids, upstream_fragment_id, vnode_count)
SELECT fragment_id + 96, 100, fragment_type_mask, distribution_type, stream_node,
       state_table_ids, upstream_fragment_id, vnode_count
FROM fragment WHERE fragment_id IN (4, 5);
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
SELECT 100, 101, dispatcher_type, dist_key_indices, output_indices
FROM fragment_relation WHERE source_fragment_id = 4 AND target_fragment_id = 5;
-- <= v2.6: the new fragments' actors (copies of the old ones, new ids)
INSERT INTO actor (actor_id, fragment_id, status, splits, worker_id, upstream_actor_ids, vnode_bitmap, expr_context)
SELECT actor_id + 1000, fragment_id + 96, status, splits, worker_id, '{}', vnode_bitmap, expr_context
FROM actor WHERE fragment_id IN (4, 5);
-- v2.7+: splits of the new source fragment
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()
             AND table_name = 'fragment_splits') THEN
    EXECUTE 'INSERT INTO fragment_splits (fragment_id, splits) SELECT 100, splits FROM fragment_splits WHERE fragment_id = 4';
  END IF;
END
$$;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = CASE oid WHEN 100 THEN 2 END WHERE oid IN (100)';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 100);
