-- case: INITIAL job 100 has been stuck for 2 hours (UTC wall clock, as RisingWave writes it) and rwdoctor's server is in America/Los_Angeles (UTC-8 or -7): found, not 6 hours "in the future"
-- generations: all
-- expect: job-stuck job_id=100 severity=warning
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET timezone = %L', current_database(), 'America/Los_Angeles');
END
$$;
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at)
VALUES (100, 'TABLE', 1, 2, 1, (now() AT TIME ZONE 'UTC') - interval '2 hours');
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
