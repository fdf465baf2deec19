-- case: the source-backfill fragment 2 of mv_orders lost its NO_SHUFFLE edge from the shared source fragment 1 (edge turned into HASH)
-- generations: all
-- expect: source-fragment-invalid fragment_id=2 severity=critical
UPDATE fragment_relation SET dispatcher_type = 'HASH', dist_key_indices = '[0]'
 WHERE source_fragment_id = 1 AND target_fragment_id = 2;
