-- case: healthy twin: actor 1 of source fragment 1 took over actor 2's partition (two splits in one actor, none in the other); the same partitions in source fragment 1 and source-backfill fragment 2 are not duplicates
-- generations: v2_0 v2_4
-- expect-clean
UPDATE actor SET splits = splits || (SELECT splits FROM actor WHERE actor_id = 2) WHERE actor_id = 1;
UPDATE actor SET splits = NULL WHERE actor_id = 2;
