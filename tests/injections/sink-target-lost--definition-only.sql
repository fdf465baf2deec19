-- case: the trial's hand cleanup: sink 31's target_table nulled, then table 30's fragments deleted (edge 12 -> 11 went with them); only the definition still says INTO
-- generations: v2_8 head
-- expect: sink-target-lost job_id=31 severity=warning
-- expect: job-without-fragments job_id=30 severity=critical
UPDATE "table" SET dml_fragment_id = NULL WHERE table_id = 30;
UPDATE sink SET target_table = NULL WHERE sink_id = 31;
DELETE FROM fragment WHERE job_id = 30;
