-- case: sink 31 into order_archive deleted by hand with its fragments; table 30 still lists it in incoming_sinks (what a drop that leaves the table row alone leaves)
-- generations: v2_4
-- expect: incoming-sinks-mismatch job_id=30 severity=warning
DELETE FROM object WHERE oid IN (31, 32);
