-- case: background CREATING job 33's backfill_orders is not an object of fragment id arrays
-- generations: v2_8 v3_0_3 head
-- expect: backfill-orders-invalid job_id=33 severity=error
UPDATE streaming_job SET job_status = 'CREATING', create_type = 'BACKGROUND', backfill_orders = '{"13": "14"}' WHERE job_id = 33;
