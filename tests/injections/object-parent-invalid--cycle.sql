-- case: belong_to_oid cycle: MV 24 belongs to its own internal table 25, which belongs to 24
-- generations: head
-- expect: object-parent-invalid object_id=24 severity=warning
-- expect: object-parent-invalid object_id=25 severity=warning
UPDATE object SET belong_to_oid = 25 WHERE oid = 24;
