-- case: the DML fragment 10 of target table order_archive (30) also carries UPSTREAM_SINK_UNION: recovery fails with "multiple upstream sink union fragments found for job"
-- generations: v2_8 v3_0_3 head
-- expect: sink-into-table-invalid job_id=30 severity=error
UPDATE fragment SET fragment_type_mask = fragment_type_mask | 65536 WHERE fragment_id = 10;
