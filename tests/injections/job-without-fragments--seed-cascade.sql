-- case: seed incident: the fragments of CREATED MV mv_orders (16) deleted by hand; FK_table_fragment_id cascades its table rows (16, 17, 18) away
-- generations: all
-- expect: job-without-fragments job_id=16 severity=critical
-- expect: object-orphaned object_id=16 severity=warning
-- expect: object-orphaned object_id=17 severity=warning
-- expect: object-orphaned object_id=18 severity=warning
-- expect: job-type-invalid job_id=16 severity=error
-- expect: subscription-invalid object_id=29 severity=warning
DELETE FROM fragment WHERE job_id = 16;
