-- case: view 28 (database dev) has schema_id 9, which is schema public of database shop
-- generations: v2_4 v2_8 v3_0_3
-- expect: object-schema-invalid object_id=28 severity=critical
UPDATE object SET schema_id = 9 WHERE oid = 28;
