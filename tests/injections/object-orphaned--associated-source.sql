-- case: SOURCE object 101 without a source row: the connector source of a table dropped by hand (only the table's object was deleted)
-- generations: all
-- expect: object-orphaned object_id=101 severity=warning
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id)
VALUES (101, 'SOURCE', 1, 6, 1);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = 6 WHERE oid = 101';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 101);
