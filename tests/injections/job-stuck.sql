-- case: table job 100 has been INITIAL for 4 h 32 min (its CREATE TABLE never finished): it holds the creating-job permit (#25976)
-- generations: all
-- expect: job-stuck job_id=100 severity=warning
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at)
VALUES (100, 'TABLE', 1, 2, 1, LOCALTIMESTAMP - interval '4 hours 32 minutes');
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
SELECT setval('object_oid_seq', 100);
