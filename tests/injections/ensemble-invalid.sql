-- case: NO_SHUFFLE edge 5 -> 8 added: the ensemble of fragment 8 now has entry fragments of two jobs (3 of mv_orders, 5 of "Customers") (the finding names the smallest entry fragment, 3)
-- generations: all
-- expect: ensemble-invalid fragment_id=3 severity=error
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
VALUES (5, 8, 'NO_SHUFFLE', '[]', '[0,1,2]');
INSERT INTO object_dependency (oid, used_by) VALUES (19, 24);
