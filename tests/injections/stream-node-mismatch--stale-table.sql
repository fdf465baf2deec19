-- case: the index idx_customers_region (22) still scans table 99, as if its upstream table had been deleted by hand: a StreamScan of a table that is gone fails recovery
-- generations: all
-- expect: stream-node-mismatch fragment_id=6 severity=error
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), '8a0712081312', '8a0712086312'), 'hex')
WHERE fragment_id = 6; -- StreamScanNode.table_id 19 -> 99
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 6 AND encode(stream_node, 'hex') LIKE '%8a0712086312%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 6 changed';
  END IF;
END $$;
