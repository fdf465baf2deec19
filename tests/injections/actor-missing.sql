-- case: v2.4 store: the actor rows of fragment 8 ("Top Customers") are deleted; load_all_actors drops the job and its state is purged
-- generations: v2_4
-- expect: actor-missing fragment_id=8 severity=critical
DELETE FROM actor WHERE fragment_id = 8;
