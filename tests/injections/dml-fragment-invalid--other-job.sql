-- case: table inventory (38) has dml_fragment_id 10, the DML fragment of another table (30)
-- generations: all
-- expect: dml-fragment-invalid job_id=38 severity=error
UPDATE "table" SET dml_fragment_id = 10 WHERE table_id = 38;
