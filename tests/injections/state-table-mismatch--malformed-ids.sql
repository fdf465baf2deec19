-- case: fragment 9 of sink 26 lists 30.0 (equal to table 30 of another job as a json number, but not an integer literal), the string "31" and 4294967296 beside its own table 27
-- generations: all
-- expect: state-table-mismatch job_id=26 severity=error
UPDATE fragment SET state_table_ids = '[27, 30.0, "31", 4294967296]' WHERE fragment_id = 9;
