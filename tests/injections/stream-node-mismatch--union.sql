-- case: up to v2.6 the table order_archive's Union merges from sink fragment 12, whose edge 12 -> 11 is gone while the sink's fragment is still there (recovery cleans only inputs from fragments that are gone)
-- generations: v2_4
-- expect: stream-node-mismatch fragment_id=11 severity=error
DELETE FROM fragment_relation WHERE source_fragment_id = 12 AND target_fragment_id = 11;
