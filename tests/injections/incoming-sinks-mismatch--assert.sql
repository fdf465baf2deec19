-- case: v2.0: table 30 (with its DML fragment, no Mview bit) lists sink 99, which does not exist: clean_dirty_sink_downstreams asserts (#21720)
-- generations: v2_0
-- expect: incoming-sinks-mismatch job_id=30 severity=critical
UPDATE "table" SET incoming_sinks = '[31, 99]' WHERE table_id = 30;
