-- case: sink 31 lost its only state table: internal-table object 32 deleted and fragment 12 lists no state tables
-- generations: all
-- expect: job-without-state-table job_id=31 severity=error
DELETE FROM object WHERE oid = 32;
UPDATE fragment SET state_table_ids = '[]' WHERE fragment_id = 12;
