-- case: sink fragment 12 (sink 31 into order_archive) gets a second downstream edge, into the target's DML fragment 10 (DROP SINK asserts "at most one downstream fragment")
-- generations: all
-- expect: sink-into-table-invalid job_id=31 severity=critical
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
VALUES (12, 10, 'HASH', '[0]', '[0,1,2,3]');
