-- case: subscription 29 depends on object 999, which does not exist (upstream dropped while no FK protected it; written here with triggers disabled)
-- generations: all
-- expect: subscription-invalid object_id=29 severity=warning
SET session_replication_role = replica;
UPDATE subscription SET dependent_table_id = 999 WHERE subscription_id = 29;
SET session_replication_role = origin;
