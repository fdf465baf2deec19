-- case: up to v2.6 splits are per actor: actor 2 of source fragment 1 also got actor 1's Kafka partition 0 (graph_check fails recovery with "has duplicate split")
-- generations: v2_0 v2_4
-- expect: split-duplicated fragment_id=1 severity=error
UPDATE actor SET splits = (SELECT splits FROM actor WHERE actor_id = 1) WHERE actor_id = 2;
