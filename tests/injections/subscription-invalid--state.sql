-- case: subscription 29 has subscription_state 3, which is neither INIT (1) nor CREATED (2)
-- generations: all
-- expect: subscription-invalid object_id=29 severity=warning
UPDATE subscription SET subscription_state = 3 WHERE subscription_id = 29;
