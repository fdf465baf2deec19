-- case: the index idx_customers_region's StreamScan (fragment 6) says it reads table 16 (mv_orders) while it merges from Customers' fragment 5
-- generations: all
-- expect: stream-node-mismatch fragment_id=6 severity=error
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), '8a0712081312', '8a0712081012'), 'hex')
WHERE fragment_id = 6; -- StreamScanNode.table_id 19 -> 16
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 6 AND encode(stream_node, 'hex') LIKE '%8a0712081012%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 6 changed';
  END IF;
END $$;
