-- case: healthy twin: the fragment_splits row of source fragment 1 lists its four Kafka partitions in reverse order
-- generations: v2_8 v3_0_3 head
-- expect-clean
UPDATE fragment_splits
   SET splits = substring(splits FROM 334 FOR 111) || substring(splits FROM 223 FOR 111)
             || substring(splits FROM 112 FOR 111) || substring(splits FROM 1 FOR 111)
 WHERE fragment_id = 1;
