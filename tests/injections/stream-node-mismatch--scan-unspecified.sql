-- case: the CREATING background sink job 26's StreamScan (fragment 9) has scan type 0: from v2.8 recovery's is_reschedulable reaches unreachable!()
-- generations: v2_8 v3_0_3 head
-- expect: stream-node-mismatch fragment_id=9 severity=critical
UPDATE streaming_job SET job_status = 'CREATING' WHERE job_id = 26;
UPDATE fragment SET stream_node = set_byte(stream_node, 209, 0) WHERE fragment_id = 9; -- stream_scan_type 5 -> 0
