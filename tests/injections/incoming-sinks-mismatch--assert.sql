-- case: v2.0-v2.2: table 30 lists sink 99, which does not exist; its DML fragment (no Mview bit) names no gone upstream, so clean_dirty_sink_downstreams removes the id without asserting
-- generations: v2_0
-- expect: incoming-sinks-mismatch job_id=30 severity=warning
-- expect-worst: warning
UPDATE "table" SET incoming_sinks = '[31, 99]' WHERE table_id = 30;
