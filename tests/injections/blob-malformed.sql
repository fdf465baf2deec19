-- case: fragment 8's stream_node is truncated: a length prefix of 10 with 2 bytes behind it (prost decode panics at every recovery)
-- generations: all
-- expect: blob-malformed fragment_id=8 severity=critical
UPDATE fragment SET stream_node = decode('0a0a0102', 'hex') WHERE fragment_id = 8;
