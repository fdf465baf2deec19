-- case: create_type 'foreground' (lower case) on sink 26 is not a CreateType value
-- generations: all
-- expect: job-status-invalid job_id=26 severity=error
UPDATE streaming_job SET create_type = 'foreground' WHERE job_id = 26;
