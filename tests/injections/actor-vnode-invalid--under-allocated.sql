-- case: fragment 3's vnodes are disjoint and complete but uneven: actor 9 holds 32 of 256 vnodes, fewer than 256 / 4 = 64 (a rebalance that removes it panics up to v2.6.2, #23620)
-- generations: v2_4
-- expect: actor-vnode-invalid fragment_id=3 severity=warning
UPDATE actor SET vnode_bitmap = decode('0801122100ffffffff00000000000000000000000000000000000000000000000000000000', 'hex')
 WHERE actor_id = 9;
UPDATE actor SET vnode_bitmap = decode('080112210000000000ffffffffffffffffffffffff00000000000000000000000000000000', 'hex')
 WHERE actor_id = 10;
