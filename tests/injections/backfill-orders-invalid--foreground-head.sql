-- case: foreground CREATING job 33 orders a fragment that is gone; HEAD keeps foreground CREATING jobs across recovery and unwraps the order: critical
-- generations: head
-- expect: backfill-orders-invalid job_id=33 severity=critical
UPDATE streaming_job SET job_status = 'CREATING', create_type = 'FOREGROUND', backfill_orders = '{"13": [99]}' WHERE job_id = 33;
