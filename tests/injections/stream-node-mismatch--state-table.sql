-- case: Top Customers' StreamScan (fragment 8) keeps its backfill progress in state table 99, which the fragment's state_table_ids do not list: the next recovery purges that state
-- generations: all
-- expect: stream-node-mismatch fragment_id=8 severity=critical
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), '20052a020819', '20052a020863'), 'hex')
WHERE fragment_id = 8; -- StreamScanNode.state_table.id 25 -> 99
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 8 AND encode(stream_node, 'hex') LIKE '%20052a020863%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 8 changed';
  END IF;
END $$;
