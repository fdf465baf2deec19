-- case: actor 5's bitmap is a Buffer of 8 bits in a fragment of 256 vnodes: graph_check's BitAnd asserts equal lengths and aborts the meta node
-- generations: v2_4
-- expect: actor-vnode-invalid fragment_id=2 severity=critical
UPDATE actor SET vnode_bitmap = decode('0801120200ff', 'hex') WHERE actor_id = 5;
