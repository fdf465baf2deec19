-- case: v2.0: the source-backfill fragment 2 of mv_orders lost its NO_SHUFFLE dispatchers from the shared source fragment 1 (turned into HASH)
-- generations: v2_0
-- expect: source-fragment-invalid fragment_id=2 severity=critical
UPDATE actor_dispatcher SET dispatcher_type = 'HASH', dist_key_indices = '[0]'
 WHERE dispatcher_id = 2 AND actor_id IN (SELECT actor_id FROM actor WHERE fragment_id = 1);
