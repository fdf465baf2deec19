-- case: the background sink job 26 is CREATING again and its StreamScan (fragment 9) is a legacy CHAIN: from v2.7 recovery refuses to resume it
-- generations: v2_8 v3_0_3 head
-- expect: stream-node-mismatch fragment_id=9 severity=error
UPDATE streaming_job SET job_status = 'CREATING' WHERE job_id = 26;
UPDATE fragment SET stream_node = set_byte(stream_node, 209, 1) WHERE fragment_id = 9; -- stream_scan_type 5 -> 1
