-- case: view 28 points at database 999, which does not exist (written with triggers disabled, e.g. a partial restore)
-- generations: v2_4 v2_8 v3_0_3
-- expect: object-database-invalid object_id=28 severity=critical
-- expect: object-schema-invalid object_id=28 severity=critical
SET session_replication_role = replica;
UPDATE object SET database_id = 999 WHERE oid = 28;
SET session_replication_role = origin;
