-- case: streaming_job.parallelism of table inventory (38) is not a StreamingParallelism value
-- generations: all
-- expect: job-parallelism-invalid job_id=38 severity=error
UPDATE streaming_job SET parallelism = '{"Fixed": "four"}' WHERE job_id = 38;
