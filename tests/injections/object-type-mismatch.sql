-- case: object 28 says TABLE but its type row is in view (obj_type edited by hand)
-- generations: all
-- expect: object-type-mismatch object_id=28 severity=critical
UPDATE object SET obj_type = 'TABLE' WHERE oid = 28;
