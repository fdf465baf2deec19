-- case: since v2.7 splits are one list per fragment: the fragment_splits row of source fragment 1 lists each of its four Kafka partitions twice
-- generations: v2_8 v3_0_3 head
-- expect: split-duplicated fragment_id=1 severity=warning
UPDATE fragment_splits SET splits = splits || splits WHERE fragment_id = 1;
