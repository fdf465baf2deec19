-- case: fragment 2 of mv_orders has both SOURCE (1) and SOURCE_SCAN (1024) bits
-- generations: all
-- expect: source-fragment-invalid fragment_id=2 severity=critical
UPDATE fragment SET fragment_type_mask = 1025 WHERE fragment_id = 2;
