-- case: v2.0: a HASH dispatcher from an actor of fragment 17 (table inventory, database shop) into fragment 15 (MV in database dev); the dependency row exists
-- generations: v2_0
-- expect: edge-cross-database fragment_id=15 severity=critical
INSERT INTO actor_dispatcher (actor_id, dispatcher_type, dist_key_indices, output_indices, hash_mapping, dispatcher_id, downstream_actor_ids)
SELECT min(a.actor_id), 'HASH', '[0]', '[0,1,2]', NULL, 15,
       (SELECT jsonb_agg(actor_id ORDER BY actor_id) FROM actor WHERE fragment_id = 15)
FROM actor a WHERE a.fragment_id = 17;
INSERT INTO object_dependency (oid, used_by) VALUES (38, 33);
