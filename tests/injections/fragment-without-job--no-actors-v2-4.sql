-- case: v2.3-v2.6: a stray fragment 100 of view 28 with one actor that is not RUNNING: load_all_actors keeps only RUNNING actors (src/meta/src/controller/fragment.rs:1092 @ v2.6.3), so recovery does not meet it; a warning for the upgrade to v2.7+
-- generations: v2_4
-- expect: fragment-without-job fragment_id=100 severity=warning
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node,
                      state_table_ids, upstream_fragment_id, vnode_count)
SELECT 100, 28, 2, 'SINGLE', stream_node, '[]', '[]', 1 FROM fragment WHERE fragment_id = 20;
INSERT INTO actor (actor_id, fragment_id, status, splits, worker_id, upstream_actor_ids, vnode_bitmap, expr_context)
SELECT 9001, 100, 'INACTIVE', NULL, worker_id, upstream_actor_ids, NULL, expr_context FROM actor WHERE fragment_id = 20 LIMIT 1;
