-- case: healthy twin: a CREATING background job whose StreamScan is UPSTREAM_ONLY, which v3.0.2 and later resume, and which before v2.7 only skips automatic scaling
-- generations: v2_0 v2_4 v3_0_3 head
-- expect-clean
UPDATE streaming_job SET job_status = 'CREATING' WHERE job_id = 26;
UPDATE fragment SET stream_node = set_byte(stream_node, 209, 4) WHERE fragment_id = 9; -- stream_scan_type 5 -> 4
