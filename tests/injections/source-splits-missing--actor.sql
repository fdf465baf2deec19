-- case: v2.6 and older keep splits per actor: the actors of shared-source fragment 1 have no splits
-- generations: v2_4
-- expect: source-splits-missing fragment_id=1 severity=warning
UPDATE actor SET splits = NULL WHERE fragment_id = 1;
