-- case: pending_sink_state of sink 26 holds state 'LOST', not PENDING/COMMITTED/ABORTED
-- generations: v2_8 v3_0_3 head
-- expect: pending-sink-state-orphaned object_id=26 severity=error
UPDATE pending_sink_state SET sink_state = 'LOST' WHERE sink_id = 26 AND sink_state = 'PENDING';
