-- case: a store upgraded from v2.6 or older: m20251005 created fragment_splits empty and the legacy actor rows remain; until the source manager's first reassignment this is info, not a warning
-- generations: v2_8 v3_0_3 head
-- expect: source-splits-missing fragment_id=1 severity=info
-- expect: source-splits-missing fragment_id=2 severity=info
-- expect: source-splits-missing fragment_id=4 severity=info
-- expect-clean
DELETE FROM fragment_splits;
-- v2.4's actor rows of the three source fragments, left behind by the upgrade (splits as v2.4
-- wrote them are not read any more; NULL here, since no check of v2.7+ reads them).
INSERT INTO actor (actor_id, fragment_id, status, splits, worker_id, upstream_actor_ids, vnode_bitmap, expr_context)
VALUES (1, 1, 'RUNNING', NULL, 1, '{}', NULL, decode('0a03555443', 'hex')),
       (5, 2, 'RUNNING', NULL, 1, '{"1": [1]}', NULL, decode('0a03555443', 'hex')),
       (13, 4, 'RUNNING', NULL, 1, '{}', NULL, decode('0a03555443', 'hex'));
SELECT setval('actor_actor_id_seq', 13);
