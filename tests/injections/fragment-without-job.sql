-- case: stray fragment 100 whose job_id is view 28 (an object that is not a streaming job); no edges, no state
-- generations: all
-- expect: fragment-without-job fragment_id=100 severity=warning
INSERT INTO fragment (fragment_id, job_id, fragment_type_mask, distribution_type, stream_node,
                      state_table_ids, upstream_fragment_id, vnode_count)
SELECT 100, 28, 2, 'SINGLE', stream_node, '[]', '[]', 1 FROM fragment WHERE fragment_id = 20;
