-- case: the table Customers (19) has the associated source 20, but its Source node (fragment 4) reads source 14 (orders_src): its own source's splits go to no actor
-- generations: all
-- expect: stream-node-mismatch fragment_id=4 severity=error
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), '0a8b0108141202', '0a8b01080e1202'), 'hex')
WHERE fragment_id = 4; -- StreamSource.source_id 20 -> 14
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 4 AND encode(stream_node, 'hex') LIKE '%0a8b01080e1202%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 4 changed';
  END IF;
END $$;
