-- case: INITIAL job 100 was created a minute ago (UTC wall clock, as RisingWave writes it) and rwdoctor's server is in Asia/Shanghai (UTC+8): not 8 hours old, not stuck
-- generations: all
-- expect-none: job-stuck
-- expect-clean
DO $$
BEGIN
  EXECUTE format('ALTER DATABASE %I SET timezone = %L', current_database(), 'Asia/Shanghai');
END
$$;
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, initialized_at)
VALUES (100, 'TABLE', 1, 2, 1, (now() AT TIME ZONE 'UTC') - interval '1 minute');
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
