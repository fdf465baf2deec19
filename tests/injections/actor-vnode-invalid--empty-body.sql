-- case: actor 5's bitmap is a Buffer with no body (compression only): Bitmap::from panics at body[0]
-- generations: v2_4
-- expect: actor-vnode-invalid fragment_id=2 severity=critical
UPDATE actor SET vnode_bitmap = decode('0801', 'hex') WHERE actor_id = 5;
