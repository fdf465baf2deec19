-- case: the DML fragment 10 of table order_archive also carries the Mview bit: two Mview fragments, has_table_been_migrated bails (#23708)
-- generations: v2_8 v3_0_3 head
-- expect: table-mview-fragment-invalid job_id=30 severity=error
UPDATE fragment SET fragment_type_mask = 130 WHERE fragment_id = 10;
