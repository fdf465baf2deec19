-- RisingWave SQL meta store (PostgreSQL backend): schema of release v2.4.4.
-- Generation 'v2_4': 37 applied SeaORM migrations, listed in seaql_migrations below in
-- the apply order of src/meta/model/migration/src/lib.rs at v2.4.4 (first:
-- m20230908_072257_init, last: m20250522_074947_iceberg_namespace_properties).
-- Derived from those migration sources (sea-query 0.32 Postgres type mapping),
-- plus the election tables that the meta node creates itself (src/meta/src/rpc/election/sql.rs).
-- Seed rows are those inserted by m20230908_072257_init (fixed cluster uuid and timestamps).
-- Plain SQL: runs as one multi-statement string (libpq simple query); unqualified names,
-- so everything lands in the first schema of search_path. Load into an empty schema.
-- Notable for this generation: legacy "actor" (in use) and stale "actor_dispatcher" exist,
-- "table".incoming_sinks exists, no fragment_splits; cluster initialised by v2.4 (no rwadmin).

SET client_min_messages = warning;

-- seaql_migrations: sea-orm-migration bookkeeping (Migrator::install)
CREATE TABLE "seaql_migrations" (
  "version" varchar NOT NULL PRIMARY KEY,
  "applied_at" bigint NOT NULL
);

-- cluster: created by m20230908_072257_init
CREATE TABLE "cluster" (
  "cluster_id" uuid NOT NULL PRIMARY KEY,
  "created_at" timestamp without time zone NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- worker: created by m20230908_072257_init
CREATE TABLE "worker" (
  "worker_id" serial NOT NULL PRIMARY KEY,
  "worker_type" varchar NOT NULL,
  "host" varchar NOT NULL,
  "port" integer NOT NULL,
  "status" varchar NOT NULL,
  "transaction_id" integer
);
CREATE UNIQUE INDEX "idx_worker_host_port" ON "worker" ("host", "port");

-- worker_property: created by m20230908_072257_init
CREATE TABLE "worker_property" (
  "worker_id" integer NOT NULL PRIMARY KEY,
  "is_streaming" bool NOT NULL,
  "is_serving" bool NOT NULL,
  "is_unschedulable" bool NOT NULL,
  "parallelism" integer,  -- m20240630_131430_remove_parallel_unit
  "internal_rpc_host_addr" varchar,  -- m20240726_063833_auto_schema_change
  "resource_group" varchar,  -- m20241202_071413_resource_group
  CONSTRAINT "FK_worker_property_worker_id" FOREIGN KEY ("worker_id") REFERENCES "worker" ("worker_id") ON DELETE CASCADE
);

-- user: created by m20230908_072257_init
CREATE TABLE "user" (
  "user_id" serial NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL UNIQUE,
  "is_super" bool NOT NULL,
  "can_create_db" bool NOT NULL,
  "can_create_user" bool NOT NULL,
  "can_login" bool NOT NULL,
  "auth_info" bytea
);

-- object: created by m20230908_072257_init
CREATE TABLE "object" (
  "oid" serial NOT NULL PRIMARY KEY,
  "obj_type" varchar NOT NULL,
  "owner_id" integer NOT NULL,
  "schema_id" integer,
  "database_id" integer,
  "initialized_at" timestamp without time zone NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "created_at" timestamp without time zone NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "initialized_at_cluster_version" varchar,
  "created_at_cluster_version" varchar,
  CONSTRAINT "FK_object_owner_id" FOREIGN KEY ("owner_id") REFERENCES "user" ("user_id") ON DELETE CASCADE,
  CONSTRAINT "FK_object_database_id" FOREIGN KEY ("database_id") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_object_schema_id" FOREIGN KEY ("schema_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- user_privilege: created by m20230908_072257_init
CREATE TABLE "user_privilege" (
  "id" serial NOT NULL PRIMARY KEY,
  "dependent_id" integer,
  "user_id" integer NOT NULL,
  "oid" integer NOT NULL,
  "granted_by" integer NOT NULL,
  "action" varchar NOT NULL,
  "with_grant_option" bool NOT NULL,
  CONSTRAINT "FK_user_privilege_dependent_id" FOREIGN KEY ("dependent_id") REFERENCES "user_privilege" ("id") ON DELETE CASCADE,
  CONSTRAINT "FK_user_privilege_user_id" FOREIGN KEY ("user_id") REFERENCES "user" ("user_id") ON DELETE CASCADE,
  CONSTRAINT "FK_user_privilege_granted_by" FOREIGN KEY ("granted_by") REFERENCES "user" ("user_id"),
  CONSTRAINT "FK_user_privilege_oid" FOREIGN KEY ("oid") REFERENCES "object" ("oid") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "idx_user_privilege_item" ON "user_privilege" ("user_id", "oid", "action", "granted_by");

-- object_dependency: created by m20230908_072257_init
CREATE TABLE "object_dependency" (
  "id" serial NOT NULL PRIMARY KEY,
  "oid" integer NOT NULL,
  "used_by" integer NOT NULL,
  CONSTRAINT "FK_object_dependency_oid" FOREIGN KEY ("oid") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_object_dependency_used_by" FOREIGN KEY ("used_by") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- database: created by m20230908_072257_init
CREATE TABLE "database" (
  "database_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL UNIQUE,
  "resource_group" varchar NOT NULL DEFAULT 'default',  -- m20241202_071413_resource_group
  CONSTRAINT "FK_database_object_id" FOREIGN KEY ("database_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- schema: created by m20230908_072257_init
CREATE TABLE "schema" (
  "schema_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  CONSTRAINT "FK_schema_object_id" FOREIGN KEY ("schema_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- streaming_job: created by m20230908_072257_init
CREATE TABLE "streaming_job" (
  "job_id" integer NOT NULL PRIMARY KEY,
  "job_status" varchar NOT NULL,
  "create_type" varchar NOT NULL,
  "timezone" varchar,
  "parallelism" jsonb NOT NULL,
  "max_parallelism" integer NOT NULL DEFAULT 256,  -- m20240911_083152_variable_vnode_count
  "specific_resource_group" varchar,  -- m20241202_071413_resource_group
  CONSTRAINT "FK_streaming_job_object_id" FOREIGN KEY ("job_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- fragment: created by m20230908_072257_init
CREATE TABLE "fragment" (
  "fragment_id" serial NOT NULL PRIMARY KEY,
  "job_id" integer NOT NULL,
  "fragment_type_mask" integer NOT NULL,
  "distribution_type" varchar NOT NULL,
  "stream_node" bytea NOT NULL,
  "state_table_ids" jsonb,
  "upstream_fragment_id" jsonb,
  "vnode_count" integer NOT NULL DEFAULT 256,  -- m20240911_083152_variable_vnode_count
  CONSTRAINT "FK_fragment_table_id" FOREIGN KEY ("job_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- actor: legacy actor table: used by meta up to v2.6, stale (not read or written) from v2.7 on, never dropped
CREATE TABLE "actor" (
  "actor_id" serial NOT NULL PRIMARY KEY,
  "fragment_id" integer NOT NULL,
  "status" varchar NOT NULL,
  "splits" bytea,
  "worker_id" integer NOT NULL,
  "upstream_actor_ids" jsonb,
  "vnode_bitmap" bytea,
  "expr_context" bytea NOT NULL,
  CONSTRAINT "FK_actor_fragment_id" FOREIGN KEY ("fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE
);

-- actor_dispatcher: legacy, stale since v2.3 (no longer written); dropped in v2.5 by m20250509_102041_remove_dispatcher
CREATE TABLE "actor_dispatcher" (
  "id" serial NOT NULL PRIMARY KEY,
  "actor_id" integer NOT NULL,
  "dispatcher_type" varchar NOT NULL,
  "dist_key_indices" jsonb NOT NULL,
  "output_indices" jsonb NOT NULL,
  "hash_mapping" bytea,
  "dispatcher_id" integer NOT NULL,
  "downstream_actor_ids" jsonb NOT NULL,
  "downstream_table_name" varchar,
  CONSTRAINT "FK_actor_dispatcher_actor_id" FOREIGN KEY ("actor_id") REFERENCES "actor" ("actor_id") ON DELETE CASCADE,
  CONSTRAINT "FK_actor_dispatcher_dispatcher_id" FOREIGN KEY ("dispatcher_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE
);

-- connection: created by m20230908_072257_init
CREATE TABLE "connection" (
  "connection_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "info" bytea NOT NULL,
  "params" bytea NOT NULL,  -- m20241125_043732_connection_params
  CONSTRAINT "FK_connection_object_id" FOREIGN KEY ("connection_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- source: created by m20230908_072257_init
CREATE TABLE "source" (
  "source_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "row_id_index" integer,
  "columns" bytea NOT NULL,
  "pk_column_ids" jsonb NOT NULL,
  "with_properties" jsonb NOT NULL,
  "definition" text NOT NULL,
  "source_info" bytea,
  "watermark_descs" bytea NOT NULL,
  "optional_associated_table_id" integer,
  "connection_id" integer,
  "version" bigint NOT NULL,
  "secret_ref" bytea,  -- m20240525_090457_secret
  "rate_limit" integer,  -- m20240806_143329_add_rate_limit_to_source_catalog
  CONSTRAINT "FK_source_object_id" FOREIGN KEY ("source_id") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_source_connection_id" FOREIGN KEY ("connection_id") REFERENCES "connection" ("connection_id"),  -- NO ACTION; m20240702_084927_unnecessary_fk drops it on MySQL only
  CONSTRAINT "FK_source_optional_associated_table_id" FOREIGN KEY ("optional_associated_table_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- table: created by m20230908_072257_init
CREATE TABLE "table" (
  "table_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "optional_associated_source_id" integer,
  "table_type" varchar NOT NULL,
  "belongs_to_job_id" integer,
  "columns" bytea NOT NULL,
  "pk" bytea NOT NULL,
  "distribution_key" jsonb NOT NULL,
  "stream_key" jsonb NOT NULL,
  "append_only" bool NOT NULL,
  "fragment_id" integer,
  "vnode_col_index" integer,
  "row_id_index" integer,
  "value_indices" jsonb NOT NULL,
  "definition" text NOT NULL,
  "handle_pk_conflict_behavior" varchar NOT NULL,
  "read_prefix_len_hint" integer NOT NULL,
  "watermark_indices" jsonb NOT NULL,
  "dist_key_in_pk" jsonb NOT NULL,
  "dml_fragment_id" integer,
  "cardinality" bytea,
  "cleaned_by_watermark" bool NOT NULL,
  "description" varchar,
  "version" bytea,
  "retention_seconds" integer,
  "incoming_sinks" jsonb NOT NULL,
  "version_column_index" integer,  -- m20240410_082733_with_version_column_migration
  "cdc_table_id" varchar,  -- m20240726_063833_auto_schema_change
  "vnode_count" integer NOT NULL DEFAULT 256,  -- m20240911_083152_variable_vnode_count
  "webhook_info" bytea,  -- m20241001_013810_webhook_source
  "engine" varchar,  -- m20241121_101830_table_engine
  "clean_watermark_index_in_pk" integer,  -- m20241226_074013_clean_watermark_index_in_pk
  CONSTRAINT "FK_table_object_id" FOREIGN KEY ("table_id") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_table_belongs_to_job_id" FOREIGN KEY ("belongs_to_job_id") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_table_fragment_id" FOREIGN KEY ("fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE,
  CONSTRAINT "FK_table_dml_fragment_id" FOREIGN KEY ("dml_fragment_id") REFERENCES "fragment" ("fragment_id"),  -- NO ACTION
  CONSTRAINT "FK_table_optional_associated_source_id" FOREIGN KEY ("optional_associated_source_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- sink: created by m20230908_072257_init
CREATE TABLE "sink" (
  "sink_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "columns" bytea NOT NULL,
  "plan_pk" bytea NOT NULL,
  "distribution_key" jsonb NOT NULL,
  "downstream_pk" jsonb NOT NULL,
  "sink_type" varchar NOT NULL,
  "properties" jsonb NOT NULL,
  "definition" text NOT NULL,
  "connection_id" integer,
  "db_name" varchar NOT NULL,
  "sink_from_name" varchar NOT NULL,
  "sink_format_desc" bytea,
  "target_table" integer,
  "secret_ref" bytea,  -- m20240525_090457_secret
  "original_target_columns" bytea,  -- m20240617_071625_sink_into_table_column
  CONSTRAINT "FK_sink_object_id" FOREIGN KEY ("sink_id") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_sink_connection_id" FOREIGN KEY ("connection_id") REFERENCES "connection" ("connection_id"),  -- NO ACTION; dropped on MySQL only
  CONSTRAINT "FK_sink_target_table_id" FOREIGN KEY ("target_table") REFERENCES "table" ("table_id")  -- NO ACTION; dropped on MySQL only
);

-- view: created by m20230908_072257_init
CREATE TABLE "view" (
  "view_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "properties" jsonb NOT NULL,
  "definition" text NOT NULL,
  "columns" bytea NOT NULL,
  CONSTRAINT "FK_view_object_id" FOREIGN KEY ("view_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- index: created by m20230908_072257_init
CREATE TABLE "index" (
  "index_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "index_table_id" integer NOT NULL,
  "primary_table_id" integer NOT NULL,
  "index_items" bytea NOT NULL,
  "index_columns_len" integer NOT NULL,
  "index_column_properties" bytea,  -- m20240617_070131_index_column_properties
  CONSTRAINT "FK_index_object_id" FOREIGN KEY ("index_id") REFERENCES "object" ("oid") ON DELETE CASCADE,
  CONSTRAINT "FK_index_index_table_id" FOREIGN KEY ("index_table_id") REFERENCES "table" ("table_id") ON DELETE CASCADE,
  CONSTRAINT "FK_index_primary_table_id" FOREIGN KEY ("primary_table_id") REFERENCES "table" ("table_id") ON DELETE CASCADE
);

-- function: created by m20230908_072257_init
CREATE TABLE "function" (
  "function_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "arg_names" varchar NOT NULL,
  "arg_types" bytea NOT NULL,
  "return_type" bytea NOT NULL,
  "language" varchar NOT NULL,
  "link" varchar,
  "name_in_runtime" varchar,  -- created as "identifier"; renamed by m20250121_085800_change_wasm_udf_identifier
  "body" text,
  "compressed_binary" bytea,  -- created as text; ALTER ... TYPE bytea by m20240618_072634_function_compressed_binary
  "kind" varchar NOT NULL,
  "always_retry_on_network_error" bool NOT NULL,
  "runtime" varchar,  -- m20240418_142249_function_runtime
  "options" jsonb,  -- m20250210_170743_function_options
  CONSTRAINT "FK_function_object_id" FOREIGN KEY ("function_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- system_parameter: created by m20230908_072257_init
CREATE TABLE "system_parameter" (
  "name" varchar NOT NULL PRIMARY KEY,
  "value" varchar NOT NULL,
  "is_mutable" bool NOT NULL,
  "description" varchar
);

-- catalog_version: created by m20230908_072257_init
CREATE TABLE "catalog_version" (
  "name" varchar NOT NULL PRIMARY KEY,
  "version" bigint NOT NULL
);

-- compaction_task: created by m20231008_020431_hummock
CREATE TABLE "compaction_task" (
  "id" bigint NOT NULL PRIMARY KEY,
  "task" bytea NOT NULL,
  "context_id" integer NOT NULL
);

-- compaction_config: created by m20231008_020431_hummock
CREATE TABLE "compaction_config" (
  "compaction_group_id" bigint NOT NULL PRIMARY KEY,
  "config" bytea
);

-- compaction_status: created by m20231008_020431_hummock
CREATE TABLE "compaction_status" (
  "compaction_group_id" bigint NOT NULL PRIMARY KEY,
  "status" bytea
);

-- hummock_pinned_version: created by m20231008_020431_hummock
CREATE TABLE "hummock_pinned_version" (
  "context_id" integer NOT NULL PRIMARY KEY,
  "min_pinned_id" bigint NOT NULL
);

-- hummock_pinned_snapshot: created by m20231008_020431_hummock
CREATE TABLE "hummock_pinned_snapshot" (
  "context_id" integer NOT NULL PRIMARY KEY,
  "min_pinned_snapshot" bigint NOT NULL
);

-- hummock_version_delta: created by m20231008_020431_hummock
CREATE TABLE "hummock_version_delta" (
  "id" bigint NOT NULL PRIMARY KEY,
  "prev_id" bigint NOT NULL,
  "max_committed_epoch" bigint NOT NULL,
  "safe_epoch" bigint NOT NULL,
  "trivial_move" bool NOT NULL,
  "full_version_delta" bytea
);

-- hummock_version_stats: created by m20231008_020431_hummock
CREATE TABLE "hummock_version_stats" (
  "id" bigint NOT NULL PRIMARY KEY,
  "stats" jsonb NOT NULL
);

-- hummock_sequence: created by m20231008_020431_hummock
CREATE TABLE "hummock_sequence" (
  "name" varchar NOT NULL PRIMARY KEY,
  "seq" bigint NOT NULL
);

-- subscription: created by m20240304_074901_subscription, dropped and re-created by m20240506_112555_subscription_partial_ckpt
CREATE TABLE "subscription" (
  "subscription_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "definition" text NOT NULL,
  "retention_seconds" bigint,
  "subscription_state" integer,
  "dependent_table_id" integer NOT NULL,
  CONSTRAINT "FK_subscription_object_id" FOREIGN KEY ("subscription_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- session_parameter: created by m20240410_154406_session_params
CREATE TABLE "session_parameter" (
  "name" varchar NOT NULL PRIMARY KEY,
  "value" varchar NOT NULL,
  "description" text
);

-- secret: created by m20240525_090457_secret
CREATE TABLE "secret" (
  "secret_id" integer NOT NULL PRIMARY KEY,
  "name" varchar NOT NULL,
  "value" bytea NOT NULL,
  CONSTRAINT "FK_secret_object_id" FOREIGN KEY ("secret_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- hummock_sstable_info: created by m20240701_060504_hummock_time_travel
CREATE TABLE "hummock_sstable_info" (
  "sst_id" bigint NOT NULL PRIMARY KEY,
  "object_id" bigint NOT NULL,
  "sstable_info" bytea
);
CREATE INDEX "idx_hummock_sstable_info_object_id" ON "hummock_sstable_info" ("object_id");  -- m20241120_182555_hummock_add_time_travel_sst_index

-- hummock_time_travel_version: created by m20240701_060504_hummock_time_travel
CREATE TABLE "hummock_time_travel_version" (
  "version_id" bigint NOT NULL PRIMARY KEY,
  "version" bytea
);

-- hummock_time_travel_delta: created by m20240701_060504_hummock_time_travel
CREATE TABLE "hummock_time_travel_delta" (
  "version_id" bigint NOT NULL PRIMARY KEY,
  "version_delta" bytea
);

-- hummock_epoch_to_version: m20240820_081248_add_time_travel_per_table_epoch added table_id and moved the PK to (epoch, table_id)
CREATE TABLE "hummock_epoch_to_version" (
  "epoch" bigint NOT NULL,
  "version_id" bigint NOT NULL,
  "table_id" bigint NOT NULL,  -- m20240820_081248_add_time_travel_per_table_epoch
  PRIMARY KEY ("epoch", "table_id")
);

-- hummock_gc_history: created by m20241016_065621_hummock_gc_history
CREATE TABLE "hummock_gc_history" (
  "object_id" bigint NOT NULL PRIMARY KEY,
  "mark_delete_at" timestamp without time zone NOT NULL
);
CREATE INDEX "idx_hummock_gc_history_mark_delete_at" ON "hummock_gc_history" ("mark_delete_at");

-- fragment_relation: created by m20250106_072104_fragment_relation
CREATE TABLE "fragment_relation" (
  "source_fragment_id" integer NOT NULL,
  "target_fragment_id" integer NOT NULL,
  "dispatcher_type" varchar NOT NULL,
  "dist_key_indices" jsonb NOT NULL,
  "output_indices" jsonb NOT NULL,
  PRIMARY KEY ("source_fragment_id", "target_fragment_id"),
  CONSTRAINT "FK_fragment_relation_source_oid" FOREIGN KEY ("source_fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE,
  CONSTRAINT "FK_fragment_relation_target_oid" FOREIGN KEY ("target_fragment_id") REFERENCES "fragment" ("fragment_id") ON DELETE CASCADE
);

-- exactly_once_iceberg_sink_metadata: created by m20250325_061743_exactly_once_iceberg_sink_metadata
CREATE TABLE "exactly_once_iceberg_sink_metadata" (
  "sink_id" integer NOT NULL,
  "end_epoch" bigint NOT NULL,
  "start_epoch" bigint NOT NULL,
  "metadata" bytea NOT NULL,
  "snapshot_id" bigint NOT NULL,
  "committed" bool NOT NULL,
  PRIMARY KEY ("sink_id", "end_epoch")
);

-- iceberg_tables: created by m20250522_074525_iceberg_tables
CREATE TABLE "iceberg_tables" (
  "catalog_name" varchar(255) NOT NULL,
  "table_namespace" varchar(255) NOT NULL,
  "table_name" varchar(255) NOT NULL,
  "metadata_location" varchar(1000),
  "previous_metadata_location" varchar(1000),
  PRIMARY KEY ("catalog_name", "table_namespace", "table_name")
);

-- iceberg_namespace_properties: created by m20250522_074947_iceberg_namespace_properties
CREATE TABLE "iceberg_namespace_properties" (
  "catalog_name" varchar(255) NOT NULL,
  "namespace" varchar(255) NOT NULL,
  "property_key" varchar(255) NOT NULL,
  "property_value" varchar(1000),
  PRIMARY KEY ("catalog_name", "namespace", "property_key")
);

-- election_member: created by the meta node at start-up (PostgresDriver::init_database), not by a migration
CREATE TABLE "election_member" (
  "service" varchar NOT NULL,
  "id" varchar NOT NULL,
  "last_heartbeat" timestamp with time zone,
  PRIMARY KEY ("service", "id")
);

-- election_leader: created by the meta node at start-up (PostgresDriver::init_database), not by a migration
CREATE TABLE "election_leader" (
  "service" varchar NOT NULL,
  "id" varchar,
  "last_heartbeat" timestamp with time zone,
  PRIMARY KEY ("service")
);

-- Seed rows inserted by m20230908_072257_init.
INSERT INTO "cluster" ("cluster_id", "created_at") VALUES ('4f1c2a7e-93d5-4b0e-8c6a-2d7e51f0a9b3', '2025-09-01 08:12:31');
INSERT INTO "user" ("user_id", "name", "is_super", "can_create_db", "can_create_user", "can_login") VALUES
  (1, 'root', true, true, true, true),
  (2, 'postgres', true, true, true, true);
INSERT INTO "object" ("oid", "obj_type", "owner_id", "schema_id", "database_id", "initialized_at", "created_at") VALUES
  (1, 'DATABASE', 1, NULL, NULL, '2025-09-01 08:12:31', '2025-09-01 08:12:31'),
  (2, 'SCHEMA', 1, NULL, 1, '2025-09-01 08:12:31', '2025-09-01 08:12:31'),
  (3, 'SCHEMA', 1, NULL, 1, '2025-09-01 08:12:31', '2025-09-01 08:12:31'),
  (4, 'SCHEMA', 1, NULL, 1, '2025-09-01 08:12:31', '2025-09-01 08:12:31'),
  (5, 'SCHEMA', 1, NULL, 1, '2025-09-01 08:12:31', '2025-09-01 08:12:31');
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

-- Applied migrations (37) in lib.rs order; applied_at in unix seconds:
-- applied_at 1756714351: first started with v2.4.4
INSERT INTO "seaql_migrations" ("version", "applied_at") VALUES
  ('m20230908_072257_init', 1756714351),
  ('m20231008_020431_hummock', 1756714351),
  ('m20240304_074901_subscription', 1756714351),
  ('m20240410_082733_with_version_column_migration', 1756714351),
  ('m20240410_154406_session_params', 1756714351),
  ('m20240417_062305_subscription_internal_table_name', 1756714351),
  ('m20240418_142249_function_runtime', 1756714351),
  ('m20240506_112555_subscription_partial_ckpt', 1756714351),
  ('m20240525_090457_secret', 1756714351),
  ('m20240617_070131_index_column_properties', 1756714351),
  ('m20240617_071625_sink_into_table_column', 1756714351),
  ('m20240618_072634_function_compressed_binary', 1756714351),
  ('m20240630_131430_remove_parallel_unit', 1756714351),
  ('m20240701_060504_hummock_time_travel', 1756714351),
  ('m20240702_080451_system_param_value', 1756714351),
  ('m20240702_084927_unnecessary_fk', 1756714351),
  ('m20240726_063833_auto_schema_change', 1756714351),
  ('m20240806_143329_add_rate_limit_to_source_catalog', 1756714351),
  ('m20240820_081248_add_time_travel_per_table_epoch', 1756714351),
  ('m20240911_083152_variable_vnode_count', 1756714351),
  ('m20241001_013810_webhook_source', 1756714351),
  ('m20241016_065621_hummock_gc_history', 1756714351),
  ('m20241022_072553_node_label', 1756714351),
  ('m20241025_062548_singleton_vnode_count', 1756714351),
  ('m20241115_085007_remove_function_type', 1756714351),
  ('m20241120_182555_hummock_add_time_travel_sst_index', 1756714351),
  ('m20241121_101830_table_engine', 1756714351),
  ('m20241125_043732_connection_params', 1756714351),
  ('m20241202_071413_resource_group', 1756714351),
  ('m20241226_074013_clean_watermark_index_in_pk', 1756714351),
  ('m20250106_072104_fragment_relation', 1756714351),
  ('m20250121_085800_change_wasm_udf_identifier', 1756714351),
  ('m20250210_170743_function_options', 1756714351),
  ('m20250319_062702_mysql_utf8mb4', 1756714351),
  ('m20250325_061743_exactly_once_iceberg_sink_metadata', 1756714351),
  ('m20250522_074525_iceberg_tables', 1756714351),
  ('m20250522_074947_iceberg_namespace_properties', 1756714351);

RESET client_min_messages;
