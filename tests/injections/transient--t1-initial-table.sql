-- case: T1/T2: table "Returns" (100) with connector source 101 and source state table 102 was just created (INITIAL): no fragments yet, fragment_id NULL everywhere
-- generations: all
-- expect: job-without-fragments job_id=100 severity=info
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES
  (100, 'TABLE', 1, 2, 1), (101, 'SOURCE', 1, 2, 1), (102, 'TABLE', 1, 2, 1);
INSERT INTO streaming_job (job_id, job_status, create_type, timezone, parallelism, max_parallelism)
VALUES (100, 'INITIAL', 'FOREGROUND', 'UTC', '"Adaptive"', 256);
-- type rows cloned from table "Customers" (19, 20, 21) through temporary tables, so that every
-- column of the generation is filled
CREATE TEMPORARY TABLE inj_table AS SELECT * FROM "table" WHERE table_id IN (19, 21);
UPDATE inj_table SET table_id = 100, name = 'Returns', fragment_id = NULL, dml_fragment_id = NULL,
       optional_associated_source_id = 101,
       definition = 'CREATE TABLE "Returns" (customer_id INT PRIMARY KEY, name VARCHAR, region VARCHAR) WITH (connector = ''kafka'', topic = ''returns'') FORMAT PLAIN ENCODE JSON'
 WHERE table_id = 19;
UPDATE inj_table SET table_id = 102, name = '__internal_Returns_0_source_102', belongs_to_job_id = 100,
       fragment_id = NULL
 WHERE table_id = 21;
CREATE TEMPORARY TABLE inj_source AS SELECT * FROM source WHERE source_id = 20;
UPDATE inj_source SET source_id = 101, name = 'Returns', optional_associated_table_id = 100;
INSERT INTO "table" SELECT * FROM inj_table;
INSERT INTO source SELECT * FROM inj_source;
DROP TABLE inj_table;
DROP TABLE inj_source;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = CASE oid WHEN 100 THEN 2 ELSE 100 END WHERE oid IN (100, 101, 102)';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 102);
