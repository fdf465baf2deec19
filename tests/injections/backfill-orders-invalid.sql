-- case: background CREATING job 33 (two StreamScan fragments 13, 14 and the Mview fragment 15) orders its Mview fragment 15 and job 24's fragment 8 after fragment 13
-- generations: v2_8 v3_0_3 head
-- expect: backfill-orders-invalid fragment_id=15 severity=critical
-- expect: backfill-orders-invalid job_id=33 severity=critical
UPDATE streaming_job SET job_status = 'CREATING', create_type = 'BACKGROUND', backfill_orders = '{"13": [15, 8]}' WHERE job_id = 33;
