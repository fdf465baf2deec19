-- case: adaptive_parallelism_strategy 'BOUNDED(0)' on MV 24 does not parse (expect("strategy should be validated before persisting") panics while rendering)
-- generations: v2_8 v3_0_3 head
-- expect: job-parallelism-invalid job_id=24 severity=critical
UPDATE streaming_job SET adaptive_parallelism_strategy = 'BOUNDED(0)' WHERE job_id = 24;
