-- case: a CREATED streaming_job row for view 28 (views are not streaming jobs)
-- generations: all
-- expect: job-type-invalid job_id=28 severity=error
-- expect: job-without-fragments job_id=28 severity=critical
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (28, 'CREATED', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
