-- case: v2.0 (edges in actor_dispatcher, 256 vnodes everywhere): the dispatchers from fragment 19 into SINGLE fragment 20 turned into NO_SHUFFLE
-- generations: v2_0
-- expect: no-shuffle-incompatible fragment_id=20 severity=critical
UPDATE actor_dispatcher SET dispatcher_type = 'NO_SHUFFLE', hash_mapping = NULL
 WHERE dispatcher_id = 20 AND actor_id IN (SELECT actor_id FROM actor WHERE fragment_id = 19);
