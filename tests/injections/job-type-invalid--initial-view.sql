-- case: an INITIAL streaming_job row for view 28: recovery's dirty-job cleanup hits unreachable!("unexpected streaming job type")
-- generations: all
-- expect: job-type-invalid job_id=28 severity=critical
-- expect: job-without-fragments job_id=28 severity=info
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (28, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
