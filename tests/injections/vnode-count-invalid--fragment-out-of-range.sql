-- case: fragment 4 of table 19 has vnode_count 65536, above VirtualNode::MAX_COUNT; its tables now disagree with it too
-- generations: all
-- expect: vnode-count-invalid job_id=19 severity=critical
UPDATE fragment SET vnode_count = 65536 WHERE fragment_id = 4;
