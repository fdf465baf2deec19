-- case: mv_orders' HashAgg (fragment 3) names table 43, low_stock_summary's state table, as its intermediate state table instead of its own table 18; fragment 3's state_table_ids do not list 43, so the next recovery purges the state fragment 3 keeps there
-- generations: v2_0 v2_4 v2_8 v3_0_3 head
-- expect: stream-node-mismatch fragment_id=3 severity=critical
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), 'd206090a0100220208123803', 'd206090a01002202082b3803'), 'hex')
WHERE fragment_id = 3; -- HashAggNode.intermediate_state_table.id 18 -> 43
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 3 AND encode(stream_node, 'hex') LIKE '%d206090a01002202082b3803%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 3 changed';
  END IF;
END $$;
