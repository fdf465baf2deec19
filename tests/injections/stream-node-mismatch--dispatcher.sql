-- case: fragment 8 (Top Customers) merges from fragment 3 as NO_SHUFFLE, but the edge 3 -> 8 says HASH
-- generations: v2_4 v2_8 v3_0_3 head
-- expect: stream-node-mismatch fragment_id=8 severity=error
UPDATE fragment_relation SET dispatcher_type = 'HASH', dist_key_indices = '[0]'
WHERE source_fragment_id = 3 AND target_fragment_id = 8;
