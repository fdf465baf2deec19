-- case: T7: subscription 100 on "Top Customers" (24) still in state INIT (1); the next recovery deletes it
-- generations: all
-- expect: subscription-invalid object_id=100 severity=info
-- expect-clean
INSERT INTO object (oid, obj_type, owner_id, schema_id, database_id) VALUES (100, 'SUBSCRIPTION', 1, 2, 1);
INSERT INTO subscription (subscription_id, name, definition, retention_seconds, subscription_state, dependent_table_id)
VALUES (100, 'sub_top_customers', 'CREATE SUBSCRIPTION sub_top_customers FROM "Top Customers" WITH (retention = ''1h'')', 3600, 1, 24);
INSERT INTO object_dependency (oid, used_by) VALUES (24, 100);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema()
             AND table_name = 'object' AND column_name = 'belong_to_oid') THEN
    EXECUTE 'UPDATE object SET belong_to_oid = CASE oid WHEN 100 THEN 2 END WHERE oid IN (100)';
  END IF;
END
$$;
SELECT setval('object_oid_seq', 100);
