-- case: edge 19 -> 20 of low_stock_summary (HASH fragment into SINGLE fragment) turned into NO_SHUFFLE
-- generations: all
-- expect: no-shuffle-incompatible fragment_id=20 severity=critical
UPDATE fragment_relation SET dispatcher_type = 'NO_SHUFFLE'
 WHERE source_fragment_id = 19 AND target_fragment_id = 20;
