-- case: T1: MV 100 was just created (INITIAL: object, streaming_job, table row with fragment_id NULL, dependency on mv_orders), no fragments yet
-- generations: all
-- expect: job-without-fragments job_id=100 severity=info
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (100, 'TABLE', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
-- the table row is cloned from mv_orders through a temporary table, so that every column of
-- the generation (e.g. v2_4's incoming_sinks) is filled
CREATE TEMPORARY TABLE inj_table AS SELECT * FROM "table" WHERE table_id = 16;
UPDATE inj_table SET table_id = 100, name = 'mv_big_spenders', fragment_id = NULL,
       definition = 'CREATE MATERIALIZED VIEW mv_big_spenders AS SELECT * FROM mv_orders WHERE total_amount > 5000';
INSERT INTO "table" SELECT * FROM inj_table;
DROP TABLE inj_table;
INSERT INTO object_dependency (oid, used_by) VALUES (16, 100);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = 2 WHERE oid = 100';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 100);
