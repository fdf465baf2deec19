-- case: table job 100 has been INITIAL for 4 h 32 min (its CREATE TABLE never finished) and no foreground job is backfilling ahead of it (#25976)
-- generations: all
-- expect: job-stuck job_id=100 severity=warning
-- initialized_at as RisingWave writes it: CURRENT_TIMESTAMP in a session whose TimeZone is UTC (sqlx).
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at)
VALUES (100, 'TABLE', 1, 2, 1, (now() AT TIME ZONE 'UTC') - interval '4 hours 32 minutes');
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
-- HEAD's object.belong_to_oid, as create_object sets it for a table: its schema.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = 2 WHERE oid = 100';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 100);
