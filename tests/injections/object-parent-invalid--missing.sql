-- case: associated source 20 of table "Customers" has no parent (belong_to_oid NULL); dropping the table leaves it behind
-- generations: head
-- expect: object-parent-invalid object_id=20 severity=warning
UPDATE object SET belong_to_oid = NULL WHERE oid = 20;
