-- case: actor 2 of source fragment 1 got actor 1's vnode bitmap: 64 vnodes held twice, 64 held by none (graph_check fails recovery's scale step)
-- generations: v2_4
-- expect: actor-vnode-invalid fragment_id=1 severity=error
UPDATE actor SET vnode_bitmap = (SELECT vnode_bitmap FROM actor WHERE actor_id = 1) WHERE actor_id = 2;
