-- case: table 19's incoming_sinks is not an array of sink ids
-- generations: v2_4
-- expect: incoming-sinks-mismatch job_id=19 severity=error
UPDATE "table" SET incoming_sinks = '["31"]' WHERE table_id = 19;
