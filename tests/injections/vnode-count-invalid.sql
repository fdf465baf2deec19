-- case: internal table 18 of mv_orders has 128 vnodes while its fragment 3 has 256
-- generations: all
-- expect: vnode-count-invalid job_id=16 severity=error
UPDATE "table" SET vnode_count = 128 WHERE table_id = 18;
