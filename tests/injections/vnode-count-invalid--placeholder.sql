-- case: v2.7+: internal table 17 of mv_orders left at the placeholder vnode_count 0 (#18759)
-- generations: v2_8 v3_0_3 head
-- expect: vnode-count-invalid job_id=16 severity=error
UPDATE "table" SET vnode_count = 0 WHERE table_id = 17;
