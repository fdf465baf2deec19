-- case: internal table 25 is missing from fragment 8's state_table_ids: no loaded fragment references it, so the next global recovery purges it
-- generations: all
-- expect: state-table-mismatch job_id=24 severity=critical
UPDATE fragment SET state_table_ids = '[24]' WHERE fragment_id = 8;
