-- case: internal-table object 100 whose "table" row is gone (left behind by a drop in a store without belong_to_oid)
-- generations: all
-- expect: object-orphaned object_id=100 severity=warning
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id)
VALUES (100, 'TABLE', 1, 2, 1);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = 2 WHERE oid = 100';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 100);
