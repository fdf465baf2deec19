-- case: mv_orders' SourceBackfill (fragment 2) reads source 99, as if its source had been deleted and made again by hand: the meta node runs no split worker for it, so its actors read nothing
-- generations: all
-- expect: stream-node-mismatch fragment_id=2 severity=error
UPDATE fragment SET stream_node = decode(replace(encode(stream_node, 'hex'), 'f20812080e2a', 'f2081208632a'), 'hex')
WHERE fragment_id = 2; -- SourceBackfillNode.upstream_source_id 14 -> 99
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM fragment WHERE fragment_id = 2 AND encode(stream_node, 'hex') LIKE '%f2081208632a%') THEN
    RAISE EXCEPTION 'injection: the demo plan of fragment 2 changed';
  END IF;
END $$;
