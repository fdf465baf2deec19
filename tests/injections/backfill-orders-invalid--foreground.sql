-- case: foreground CREATING job 33 orders a fragment that is gone; v2.8-v3.0.3 recovery deletes a foreground CREATING job instead of rebuilding its order: info, not a crash the guard would block on
-- generations: v2_8 v3_0_3
-- expect: backfill-orders-invalid job_id=33 severity=info
-- expect-worst: info
UPDATE streaming_job SET job_status = 'CREATING', create_type = 'FOREGROUND', backfill_orders = '{"13": [99]}' WHERE job_id = 33;
