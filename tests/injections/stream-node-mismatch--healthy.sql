-- case: healthy twin: fragment 20 (a SINGLE SimpleAgg) merges from fragment 19 as HASH over a SIMPLE edge, as RisingWave plans a singleton
-- generations: all
-- expect-clean
UPDATE fragment SET stream_node = set_byte(stream_node, 82, 1) WHERE fragment_id = 20; -- upstream_dispatcher_type 3 -> 1
