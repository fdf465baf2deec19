-- case: foreground MV 24 has been backfilling for 5 h; the CREATE of job 100 has waited 2 h for the single creating-job permit: queued (info), never "restart", which would delete MV 24's backfill too
-- generations: all
-- expect: job-stuck job_id=100 severity=info
-- expect: job-stuck job_id=24 severity=info
-- expect-clean
UPDATE streaming_job SET job_status = 'CREATING', create_type = 'FOREGROUND' WHERE job_id = 24;
UPDATE object SET initialized_at = (now() AT TIME ZONE 'UTC') - interval '5 hours' WHERE oid = 24;
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
