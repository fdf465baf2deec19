-- case: before v2.3: fragment 3 merges from fragment 2, but its upstream_fragment_id list is empty
-- generations: v2_0
-- expect: stream-node-mismatch fragment_id=3 severity=error
UPDATE fragment SET upstream_fragment_id = '[]' WHERE fragment_id = 3;
