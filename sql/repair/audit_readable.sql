-- 1 when rwdoctor's audit table exists and records repair ids (written by rwdoctor 0.2 on).
SELECT count(*) FROM pg_catalog.pg_attribute
WHERE attrelid = pg_catalog.to_regclass('rwdoctor.repair_log') AND attname = 'repair_id' AND NOT attisdropped;
