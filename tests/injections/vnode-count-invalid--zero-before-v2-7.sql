-- case: v2.1-v2.6: internal table 17 with vnode_count 0: VnodeCount::set(0) panics when the catalog is loaded
-- generations: v2_4
-- expect: vnode-count-invalid job_id=16 severity=critical
UPDATE "table" SET vnode_count = 0 WHERE table_id = 17;
