-- case: sink 31 writes into table 30, whose incoming_sinks does not list it (#19265)
-- generations: v2_0 v2_4
-- expect: incoming-sinks-mismatch job_id=30 severity=warning
UPDATE "table" SET incoming_sinks = '[]' WHERE table_id = 30;
