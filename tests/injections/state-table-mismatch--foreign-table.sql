-- case: fragment 9 of sink 26 lists table 30 (table order_archive, another job) among its state tables
-- generations: all
-- expect: state-table-mismatch job_id=26 severity=error
UPDATE fragment SET state_table_ids = '[27, 30]' WHERE fragment_id = 9;
