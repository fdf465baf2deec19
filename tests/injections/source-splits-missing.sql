-- case: the fragment_splits row of source-backfill fragment 2 is gone; its actors start with no splits
-- generations: v2_8 v3_0_3 head
-- expect: source-splits-missing fragment_id=2 severity=warning
DELETE FROM fragment_splits WHERE fragment_id = 2;
