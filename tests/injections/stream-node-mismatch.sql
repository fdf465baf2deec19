-- case: the plan of fragment 3 (mv_orders' HashAgg) merges from fragment 2, but the edge 2 -> 3 is gone
-- generations: v2_4 v2_8 v3_0_3 head
-- expect: stream-node-mismatch fragment_id=3 severity=error
DELETE FROM fragment_relation WHERE source_fragment_id = 2 AND target_fragment_id = 3;
