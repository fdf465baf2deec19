-- case: table order_archive (30) has dml_fragment_id 11, its MVIEW fragment, which has no DML bit
-- generations: all
-- expect: dml-fragment-invalid job_id=30 severity=error
UPDATE "table" SET dml_fragment_id = 11 WHERE table_id = 30;
