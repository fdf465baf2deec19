-- case: internal table 17 of mv_orders belongs to schema public instead of its job 16 (dropping 16 would leave it behind)
-- generations: head
-- expect: object-parent-invalid object_id=17 severity=warning
UPDATE object SET belong_to_oid = 2 WHERE oid = 17;
