-- case: object's serial sequence left behind the largest oid (a restore with explicit ids, or risectl meta migration before v1.9.0, #16306); the next CREATE collides on the primary key
-- generations: all
-- expect: sequence-behind severity=error
SELECT pg_catalog.setval(pg_catalog.pg_get_serial_sequence('object', 'oid'), 3);
