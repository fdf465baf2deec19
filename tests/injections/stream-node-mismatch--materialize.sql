-- case: fragment 7 of the index idx_customers_region (22) came back from a copy of another job's row: its Materialize writes table 16 (mv_orders), not the index's own table 22, so its rows would land in mv_orders' state
-- generations: all
-- expect: stream-node-mismatch fragment_id=7 severity=critical
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), 'ba0614081612', 'ba0614081012'), 'hex')
WHERE fragment_id = 7; -- MaterializeNode.table_id 22 -> 16
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 7 AND encode(stream_node, 'hex') LIKE '%ba0614081012%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 7 changed';
  END IF;
END $$;
