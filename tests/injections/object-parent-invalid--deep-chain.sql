-- case: jobs hung at the end of a 30-deep chain of views: table 33 at depth 31 and mv 16 at depth 32 still settle (16's internal tables, at 33, do not); mv 24 at depth 33 and its internal table do not
-- generations: head
-- expect: object-parent-invalid object_id=33 severity=warning
-- expect: object-parent-invalid object_id=16 severity=warning
-- expect: object-parent-invalid object_id=17 severity=warning
-- expect: object-parent-invalid object_id=18 severity=warning
-- expect: object-parent-invalid object_id=24 severity=warning
-- expect: object-parent-invalid object_id=25 severity=warning
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id, belong_to_oid)
SELECT 900000 + k, 'VIEW', 1, 2, 1, CASE WHEN k = 1 THEN 2 ELSE 900000 + k - 1 END
FROM generate_series(1, 30) AS k;
UPDATE object SET belong_to_oid = 900028 WHERE oid = 33;
UPDATE object SET belong_to_oid = 900029 WHERE oid = 16;
UPDATE object SET belong_to_oid = 900030 WHERE oid = 24;
