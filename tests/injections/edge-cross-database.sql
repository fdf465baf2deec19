-- case: HASH edge from fragment 17 (table inventory, database shop) into fragment 15 (MV in database dev); the dependency row exists
-- generations: all
-- expect: edge-cross-database fragment_id=15 severity=critical
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
VALUES (17, 15, 'HASH', '[0]', '[0,1,2]');
INSERT INTO object_dependency (oid, used_by) VALUES (38, 33);
