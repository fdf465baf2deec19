-- Baseline: the meta store as RisingWave v2.0.x leaves it after its 18 migrations
-- (m20230908_072257_init .. m20240806_143329_add_rate_limit_to_source_catalog, apply order of
-- src/meta/model_v2/migration/src/lib.rs at v2.0.7), DDL only: the init migration's seed rows
-- depend on the release that first started the cluster and are in birth/<release>.sql.
-- Derived from those migration sources (sea-query 0.30 Postgres type mapping), plus the
-- election tables that the meta node creates itself at start-up (src/meta/src/rpc/election/sql.rs).
-- function.body and subscription.definition are varchar as v2.0's init and
-- m20240506_112555_subscription_partial_ckpt create them; a cluster first started by v2.2 or
-- later has text there (birth/v2_4.sql, birth/v2_8.sql).

-- The baseline stands for these migrations (a plan names them; they have no file of their own):
--   m20230908_072257_init
--   m20231008_020431_hummock
--   m20240304_074901_subscription
--   m20240410_082733_with_version_column_migration
--   m20240410_154406_session_params
--   m20240417_062305_subscription_internal_table_name
--   m20240418_142249_function_runtime
--   m20240506_112555_subscription_partial_ckpt
--   m20240525_090457_secret
--   m20240617_070131_index_column_properties
--   m20240617_071625_sink_into_table_column
--   m20240618_072634_function_compressed_binary
--   m20240630_131430_remove_parallel_unit
--   m20240701_060504_hummock_time_travel
--   m20240702_080451_system_param_value
--   m20240702_084927_unnecessary_fk
--   m20240726_063833_auto_schema_change
--   m20240806_143329_add_rate_limit_to_source_catalog

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

-- worker_property: created by m20230908_072257_init; parallel_unit_ids dropped by m20240630_131430_remove_parallel_unit
CREATE TABLE "worker_property" (
  "worker_id" integer NOT NULL PRIMARY KEY,
  "is_streaming" bool NOT NULL,
  "is_serving" bool NOT NULL,
  "is_unschedulable" bool NOT NULL,
  "parallelism" integer,  -- m20240630_131430_remove_parallel_unit
  "internal_rpc_host_addr" varchar,  -- m20240726_063833_auto_schema_change
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
  CONSTRAINT "FK_streaming_job_object_id" FOREIGN KEY ("job_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- fragment: created by m20230908_072257_init; vnode_mapping dropped by m20240630_131430_remove_parallel_unit
CREATE TABLE "fragment" (
  "fragment_id" serial NOT NULL PRIMARY KEY,
  "job_id" integer NOT NULL,
  "fragment_type_mask" integer NOT NULL,
  "distribution_type" varchar NOT NULL,
  "stream_node" bytea NOT NULL,
  "state_table_ids" jsonb,
  "upstream_fragment_id" jsonb,
  CONSTRAINT "FK_fragment_table_id" FOREIGN KEY ("job_id") REFERENCES "object" ("oid") ON DELETE CASCADE
);

-- actor: created by m20230908_072257_init; parallel_unit_id dropped by m20240630_131430_remove_parallel_unit
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

-- actor_dispatcher: created by m20230908_072257_init; in use (the fragment edges: upstream actor -> dispatcher_id = downstream fragment)
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
  "identifier" varchar,
  "body" varchar,  -- string() at v2.0 (text only in clusters initialised by v2.2 or later)
  "compressed_binary" bytea,  -- created as varchar; ALTER ... TYPE bytea by m20240618_072634_function_compressed_binary
  "kind" varchar NOT NULL,
  "always_retry_on_network_error" bool NOT NULL,
  "runtime" varchar,  -- m20240418_142249_function_runtime
  "function_type" varchar,  -- m20240418_142249_function_runtime
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
  "definition" varchar NOT NULL,  -- string() at v2.0 (text only in clusters initialised by v2.2 or later)
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

-- hummock_epoch_to_version: created by m20240701_060504_hummock_time_travel
CREATE TABLE "hummock_epoch_to_version" (
  "epoch" bigint NOT NULL PRIMARY KEY,
  "version_id" bigint NOT NULL
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

