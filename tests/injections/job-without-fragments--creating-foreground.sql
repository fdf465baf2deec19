-- case: CREATING FOREGROUND sink 100 without fragments: v3.0.3 and older delete foreground creating jobs at recovery (transient)
-- generations: v2_4 v2_8 v3_0_3
-- expect: job-without-fragments job_id=100 severity=info
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (100, 'SINK', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'CREATING', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
CREATE TEMPORARY TABLE inj_sink AS SELECT * FROM sink WHERE sink_id = 26;
UPDATE inj_sink SET sink_id = 100, name = 'orders_audit_sink',
       definition = 'CREATE SINK orders_audit_sink FROM mv_orders WITH (connector = ''iceberg'', type = ''upsert'', primary_key = ''customer_id'')';
INSERT INTO sink SELECT * FROM inj_sink;
DROP TABLE inj_sink;
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
