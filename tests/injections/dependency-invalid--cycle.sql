-- case: object_dependency cycle 16 -> 24 -> 16 (a row (24, 16) added): DROP ... CASCADE reaching it never terminates (the DDL hangs: error)
-- generations: all
-- expect: dependency-invalid object_id=16 severity=error
INSERT INTO object_dependency (oid, used_by) VALUES (24, 16);
