-- case: MV 24 ("Top Customers") has object.database_id = 2, the oid of schema dev.public, not of a database
-- generations: v2_4 v2_8 v3_0_3
-- expect: object-database-invalid object_id=24 severity=critical
-- expect: object-schema-invalid object_id=24 severity=critical
-- expect: no-shuffle-incompatible fragment_id=8 severity=critical
-- expect: edge-cross-database fragment_id=8 severity=critical
UPDATE object SET database_id = 2 WHERE oid = 24;
