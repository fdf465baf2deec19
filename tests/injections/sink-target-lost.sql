-- case: sink 31's target_table set to NULL by hand (a cleanup fighting FK_sink_target_table_id) while its edge 12 -> 11 into table 30 stays: recovery no longer feeds the table from the sink
-- generations: v2_4 v2_8 v3_0_3 head
-- expect: sink-target-lost job_id=31 severity=warning
UPDATE sink SET target_table = NULL WHERE sink_id = 31;
