-- case: job_status 'RUNNING' on MV 24 is not a JobStatus value (decode error in recovery)
-- generations: all
-- expect: job-status-invalid job_id=24 severity=error
UPDATE streaming_job SET job_status = 'RUNNING' WHERE job_id = 24;
