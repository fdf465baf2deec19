-- The status of each job in $1 (int array) that has a streaming_job row.
SELECT job_id, job_status
FROM streaming_job
WHERE job_id = ANY($1::int[])
ORDER BY job_id;
