-- case: the actor of SINGLE fragment 20 carries a vnode bitmap
-- generations: v2_4
-- expect: actor-vnode-invalid fragment_id=20 severity=error
UPDATE actor SET vnode_bitmap = (SELECT vnode_bitmap FROM actor WHERE actor_id = 1) WHERE fragment_id = 20;
