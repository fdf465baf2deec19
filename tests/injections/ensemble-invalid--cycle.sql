-- case: NO_SHUFFLE cycle inside join MV 33: edge 13 -> 15 made NO_SHUFFLE, 15 -> 13 added, 5 -> 13 removed; the component has no entry fragment and is never rendered
-- generations: all
-- expect: ensemble-invalid fragment_id=13 severity=critical
DELETE FROM fragment_relation WHERE source_fragment_id = 5 AND target_fragment_id = 13;
UPDATE fragment_relation SET dispatcher_type = 'NO_SHUFFLE', dist_key_indices = '[]'
 WHERE source_fragment_id = 13 AND target_fragment_id = 15;
INSERT INTO fragment_relation (source_fragment_id, target_fragment_id, dispatcher_type, dist_key_indices, output_indices)
VALUES (15, 13, 'NO_SHUFFLE', '[]', '[0,1,2]');
