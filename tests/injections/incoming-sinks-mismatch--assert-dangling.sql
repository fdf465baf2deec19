-- case: v2.0-v2.2: table 30 lists sink 99, which does not exist, and its DML fragment 10 (no Mview bit) lists upstream fragment 98, which is gone: clean_dirty_sink_downstreams asserts the Mview bit on it and panics
-- generations: v2_0
-- expect: incoming-sinks-mismatch job_id=30 severity=critical
UPDATE "table" SET incoming_sinks = '[31, 99]' WHERE table_id = 30;
UPDATE fragment SET upstream_fragment_id = '[98]' WHERE fragment_id = 10;
