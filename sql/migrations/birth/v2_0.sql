-- The rows that m20230908_072257_init inserts when release v2.0 first starts a cluster (a
-- fixed cluster uuid and timestamps stand for the random uuid and the start time).
INSERT INTO "cluster" ("cluster_id", "created_at") VALUES ('4b623827-0e3e-4ab8-b07d-5c534926d813', '2024-11-04 10:26:43');
INSERT INTO "user" ("user_id", "name", "is_super", "can_create_db", "can_create_user", "can_login") VALUES
  (1, 'root', true, true, true, true),
  (2, 'postgres', true, true, true, true);
INSERT INTO "object" ("oid", "obj_type", "owner_id", "schema_id", "database_id", "initialized_at", "created_at") VALUES
  (1, 'DATABASE', 1, NULL, NULL, '2024-11-04 10:26:43', '2024-11-04 10:26:43'),
  (2, 'SCHEMA', 1, NULL, 1, '2024-11-04 10:26:43', '2024-11-04 10:26:43'),
  (3, 'SCHEMA', 1, NULL, 1, '2024-11-04 10:26:43', '2024-11-04 10:26:43'),
  (4, 'SCHEMA', 1, NULL, 1, '2024-11-04 10:26:43', '2024-11-04 10:26:43'),
  (5, 'SCHEMA', 1, NULL, 1, '2024-11-04 10:26:43', '2024-11-04 10:26:43');
INSERT INTO "database" ("database_id", "name") VALUES (1, 'dev');
INSERT INTO "schema" ("schema_id", "name") VALUES
  (2, 'public'),
  (3, 'pg_catalog'),
  (4, 'information_schema'),
  (5, 'rw_catalog');
-- Sequences advanced as the init migration does on Postgres (next object oid = 6).
-- RisingWave runs SELECT setval('object_oid_seq', 5) and SELECT setval('user_user_id_seq', N);
-- the same calls are wrapped in a DO block here so that loading prints no result rows.
DO $$ BEGIN PERFORM setval('object_oid_seq', 5); PERFORM setval('user_user_id_seq', 2); END $$;
