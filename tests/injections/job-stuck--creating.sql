-- case: materialized view 24 has been CREATING (backfilling) since the demo created it, months ago: reported as info, a backfill may take that long
-- generations: all
-- expect: job-stuck job_id=24 severity=info
-- expect-clean
UPDATE streaming_job SET job_status = 'CREATING' WHERE job_id = 24;
