-- case: view 28 has object.schema_id = 16, the oid of materialized view mv_orders, not of a schema
-- generations: v2_4 v2_8 v3_0_3
-- expect: object-schema-invalid object_id=28 severity=critical
UPDATE object SET schema_id = 16 WHERE oid = 28;
