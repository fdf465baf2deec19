-- case: pending_sink_state rows of sink 77, dropped long ago (no FK before m20260624: leaked rows, #26044; written with triggers disabled where the FK exists)
-- generations: v2_8 v3_0_3 head
-- expect: pending-sink-state-orphaned object_id=77 severity=warning
SET session_replication_role = replica;
INSERT INTO pending_sink_state (sink_id, epoch, sink_state, metadata)
VALUES (77, 8790012346351616, 'COMMITTED', NULL), (77, 8790012412149760, 'PENDING', NULL);
SET session_replication_role = origin;
