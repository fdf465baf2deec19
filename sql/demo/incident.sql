-- Demo incident for rwdoctor: applied on top of sql/demo/catalog.sql (any generation).
-- Plain SQL, runs as one multi-statement string. Ids refer to the id map in catalog.sql.
--
-- 1. THE SEED INCIDENT. Someone "cleaned up" the fragments of the CREATED materialized view
--    dev.public.mv_orders (job 16) by hand. FK_table_fragment_id is ON DELETE CASCADE, so the
--    statement also removes the "table" rows of the MV and of its internal state tables
--    (16, 17, 18), the fragment edges into and out of fragments 2 and 3, their splits and (on
--    v2_4) their actors. The object and streaming_job rows stay behind: the job is CREATED
--    with no fragments, and its state is purged at the next global recovery.
--    Expected: job-without-fragments job_id=16 (critical); object-orphaned 16, 17, 18
--    (warning); the downstream jobs 24, 26, 31 and 33 lose their inbound edge from fragment 3.
DELETE FROM fragment WHERE job_id = 16;

-- 2. A job in a non-database. The shared source dev.public.orders_src (job 14) was "moved" by
--    editing object.database_id, to 2, which is the oid of schema dev.public, not of a
--    database. Meta panics with "database should exist for streaming job" on the next
--    reschedule, and the catalog snapshot unwraps a missing database.
--    Expected: object-database-invalid object_id=14 (critical), object-schema-invalid
--    object_id=14 (its schema public is in database 1, not 2).
UPDATE object SET database_id = 2 WHERE oid = 14;

-- 3. An orphan internal-table object: oid 44 is a TABLE object in dev.public with no "table"
--    row, what a drop in a store without belong_to_oid leaves behind when only the job
--    object was deleted (the cascade removes the "table" row, not the object). On HEAD it
--    points at schema public as its parent, like any named object. DROP SCHEMA public would
--    fail with "schema is not empty".
--    Expected: object-orphaned object_id=44 (warning).
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id)
VALUES (44, 'TABLE', 1, 2, 1);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = 2 WHERE oid = 44';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 44);

-- 4. Fragments whose job has no streaming_job row. The streaming_job row of
--    shop."ops-team".low_stock_summary (job 41) was deleted; its fragments 19 and 20 remain,
--    and fragment 19 is NO_SHUFFLE-connected to fragment 18 of the live MV low_stock (39), so
--    recovery pulls it into that ensemble and panics ("ensemble ... partially exists in
--    database ...").
--    Expected: fragment-without-job fragment_id=19 (critical) and fragment_id=20 (critical,
--    its state is purged), relation-without-job object_id=41, 42, 43 (critical).
DELETE FROM streaming_job WHERE job_id = 41;
