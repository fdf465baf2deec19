-- The rows that m20230908_072257_init inserts when release v2.8 first starts a cluster (a
-- fixed cluster uuid and timestamps stand for the random uuid and the start time). From v2.6.0
-- on it also inserts user 3, rwadmin (src/meta/model/migration/src/m20230908_072257_init.rs at
-- v2.8.0); m20250810_000000_add_user_admin_field then makes it admin.
-- The init migration of v2.2.0 and later creates function.body and subscription.definition as
-- text (rw_long_text(), changed in place in m20230908_072257_init and
-- m20240506_112555_subscription_partial_ckpt); the baseline has v2.0's varchar.
ALTER TABLE "function" ALTER COLUMN "body" TYPE text;
ALTER TABLE "subscription" ALTER COLUMN "definition" TYPE text;
INSERT INTO "cluster" ("cluster_id", "created_at") VALUES ('b7e3d0c2-5a41-4f8e-9d26-6c1f08a3e4d5', '2026-03-16 09:41:07');
INSERT INTO "user" ("user_id", "name", "is_super", "can_create_db", "can_create_user", "can_login") VALUES
  (1, 'root', true, true, true, true),
  (2, 'postgres', true, true, true, true),
  (3, 'rwadmin', true, true, true, true);
INSERT INTO "object" ("oid", "obj_type", "owner_id", "schema_id", "database_id", "initialized_at", "created_at") VALUES
  (1, 'DATABASE', 1, NULL, NULL, '2026-03-16 09:41:07', '2026-03-16 09:41:07'),
  (2, 'SCHEMA', 1, NULL, 1, '2026-03-16 09:41:07', '2026-03-16 09:41:07'),
  (3, 'SCHEMA', 1, NULL, 1, '2026-03-16 09:41:07', '2026-03-16 09:41:07'),
  (4, 'SCHEMA', 1, NULL, 1, '2026-03-16 09:41:07', '2026-03-16 09:41:07'),
  (5, 'SCHEMA', 1, NULL, 1, '2026-03-16 09:41:07', '2026-03-16 09:41:07');
INSERT INTO "database" ("database_id", "name") VALUES (1, 'dev');
INSERT INTO "schema" ("schema_id", "name") VALUES
  (2, 'public'),
  (3, 'pg_catalog'),
  (4, 'information_schema'),
  (5, 'rw_catalog');
-- Sequences advanced as the init migration does on Postgres (next object oid = 6).
-- RisingWave runs SELECT setval('object_oid_seq', 5) and SELECT setval('user_user_id_seq', N);
-- the same calls are wrapped in a DO block here so that loading prints no result rows.
DO $$ BEGIN PERFORM setval('object_oid_seq', 5); PERFORM setval('user_user_id_seq', 3); END $$;
