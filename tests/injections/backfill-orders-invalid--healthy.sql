-- case: healthy: CREATING job 33 backfills its StreamScan fragment 14 after 13; a CREATED job's stale order is never read
-- generations: v2_8 v3_0_3 head
-- expect-clean
UPDATE streaming_job SET job_status = 'CREATING', backfill_orders = '{"13": [14]}' WHERE job_id = 33;
UPDATE streaming_job SET backfill_orders = '{"8": [999]}' WHERE job_id = 24;
