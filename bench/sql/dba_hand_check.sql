-- A DBA's hand SQL: the second baseline of `rwdoctor check` in the benchmark (bench/run.sh).
--
-- What it is: for the head schema generation (sql/schema/head.sql) only, the plainest
-- set-based query a DBA would write by hand for each invariant `rwdoctor check` tests:
-- anti-joins, NOT EXISTS, GROUP BY ... HAVING, recursive CTEs where a cycle must be found, and
-- for the schema itself a reference list (taken from head.sql) anti-joined with pg_catalog.
-- Each query returns the violating rows only, its first column the check id, the others what
-- a DBA needs to find the row. Unlike rwdoctor's check files it builds no messages, grades no
-- severities and hands nothing to an analyzer; where rwdoctor's explain leaves rows out
-- because RisingWave cleans them up itself (INITIAL jobs), these queries leave them out too;
-- the temporary jobs of a replace in progress, which rwdoctor also leaves out, they report.
-- Other generations have other tables and columns: this file is not for them.
--
-- How bench/run.sh uses it: for generation head, in the check section, it times
--   psql -X -q -v ON_ERROR_STOP=1 -A -t -d <healthy store> -f bench/sql/dba_hand_check.sql
-- next to the baseline of the tool's own check SQL, and prints "tool / DBA's hand SQL" (the
-- target: rwdoctor check at most 1.0x of it). It keeps the output and notes any row: on the
-- healthy store a row means this file, not the store, is wrong.
--
-- Contract: everything runs in one BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY
-- transaction (one snapshot, as rwdoctor check reads); every query runs without error on a
-- head store; a healthy store (bench/generate.sh) returns zero rows; a broken one returns the
-- rows that break an invariant (bench/generate.sh --broken-jobs K deletes the fragments of K
-- jobs: job-without-fragments lists exactly those K jobs).
--
-- Covered, one query each, in this order (31 check ids):
--   system-parameter-invalid, schema-drift, foreign-keys-missing, sequence-behind,
--   object-type-mismatch, object-orphaned, object-database-invalid, object-schema-invalid,
--   object-parent-invalid, job-status-invalid, job-type-invalid, job-parallelism-invalid,
--   job-stuck, relation-without-job, job-without-fragments, fragment-without-job,
--   job-without-state-table, state-table-mismatch, vnode-count-invalid, dml-fragment-invalid,
--   backfill-orders-invalid, table-mview-fragment-invalid, edge-cross-database,
--   no-shuffle-incompatible, ensemble-invalid, dependency-invalid, source-fragment-invalid,
--   source-splits-missing, sink-into-table-invalid, pending-sink-state-orphaned,
--   subscription-invalid
-- Not covered: their invariant lives inside protobuf blobs, which SQL cannot decode:
--   blob-malformed        every protobuf column must hold well-formed protobuf
--   stream-node-mismatch  fragment.stream_node's Merge inputs, scans and the table and source
--                         ids the plan names, against the edges and the catalog
--   split-duplicated      the split ids inside fragment_splits.splits (ConnectorSplits)
-- Not applicable to head (they test tables or columns that head no longer has):
--   actor-missing, actor-vnode-invalid, incoming-sinks-mismatch
--
-- Fragment type mask bits used below: Source 1, Mview 2, Sink 4, StreamScan 16, Dml 128,
-- SourceScan 1024, UpstreamSinkUnion 65536, LocalityProvider 131072.

BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY;

-- system-parameter-invalid: a value that does not parse as its type, or a parameter without a
-- default that is missing.
SELECT 'system-parameter-invalid', p.name, p.value
FROM system_parameter p
WHERE CASE
        WHEN p.name IN ('barrier_interval_ms', 'sstable_size_mb', 'parallel_compact_size_mb',
                        'block_size_kb', 'max_concurrent_creating_streaming_jobs')
            THEN CASE WHEN p.value ~ '^\+?[0-9]{1,30}$' THEN ltrim(p.value, '+')::numeric > 4294967295 ELSE true END
        WHEN p.name IN ('checkpoint_frequency', 'time_travel_retention_ms')
            THEN CASE WHEN p.value ~ '^\+?[0-9]{1,30}$' THEN ltrim(p.value, '+')::numeric > 18446744073709551615 ELSE true END
        WHEN p.name IN ('pause_on_next_bootstrap', 'enable_tracing', 'use_new_object_prefix_strategy',
                        'per_database_isolation', 'enforce_secret')
            THEN p.value NOT IN ('true', 'false')
        WHEN p.name = 'bloom_false_positive'
            THEN p.value !~* '^[+-]?(([0-9]+\.?[0-9]*|\.[0-9]+)(e[+-]?[0-9]+)?|inf|infinity|nan)$'
        ELSE false
      END
UNION ALL
SELECT 'system-parameter-invalid', required.name, NULL
FROM (VALUES ('state_store'), ('data_directory'), ('backup_storage_url'),
             ('backup_storage_directory'), ('use_new_object_prefix_strategy')) AS required(name)
WHERE NOT EXISTS (SELECT 1 FROM system_parameter p WHERE p.name = required.name);

-- schema-drift: a column head.sql creates that is missing or has another type or nullability;
-- a column head.sql does not create that is NOT NULL without a default (RisingWave's inserts
-- do not name it); a CHECK or exclusion constraint, a unique index head.sql does not create,
-- or a trigger.
-- The reference lists here and in foreign-keys-missing are what head.sql creates, read from
-- pg_attribute, pg_index and pg_constraint of a database loaded with it
-- (scripts/load-demo.sh --generation head --schema-only); when head.sql gains a migration they
-- must be read again, or a healthy store returns rows here and bench/run.sh notes it.
-- Columns: (table, column, type, NOT NULL).
WITH expected(table_name, column_name, type, not_null) AS (VALUES
    ('actor', 'actor_id', 'integer', true),
    ('actor', 'fragment_id', 'integer', true),
    ('actor', 'status', 'character varying', true),
    ('actor', 'splits', 'bytea', false),
    ('actor', 'worker_id', 'integer', true),
    ('actor', 'upstream_actor_ids', 'jsonb', false),
    ('actor', 'vnode_bitmap', 'bytea', false),
    ('actor', 'expr_context', 'bytea', true),
    ('catalog_version', 'name', 'character varying', true),
    ('catalog_version', 'version', 'bigint', true),
    ('cdc_table_snapshot_splits', 'table_id', 'integer', true),
    ('cdc_table_snapshot_splits', 'split_id', 'bigint', true),
    ('cdc_table_snapshot_splits', 'left', 'bytea', true),
    ('cdc_table_snapshot_splits', 'right', 'bytea', true),
    ('cdc_table_snapshot_splits', 'is_backfill_finished', 'smallint', true),
    ('cluster', 'cluster_id', 'uuid', true),
    ('cluster', 'created_at', 'timestamp without time zone', true),
    ('compaction_config', 'compaction_group_id', 'bigint', true),
    ('compaction_config', 'config', 'bytea', false),
    ('compaction_status', 'compaction_group_id', 'bigint', true),
    ('compaction_status', 'status', 'bytea', false),
    ('compaction_task', 'id', 'bigint', true),
    ('compaction_task', 'task', 'bytea', true),
    ('compaction_task', 'context_id', 'integer', true),
    ('connection', 'connection_id', 'integer', true),
    ('connection', 'name', 'character varying', true),
    ('connection', 'info', 'bytea', true),
    ('connection', 'params', 'bytea', true),
    ('database', 'database_id', 'integer', true),
    ('database', 'name', 'character varying', true),
    ('database', 'resource_group', 'character varying', true),
    ('database', 'barrier_interval_ms', 'integer', false),
    ('database', 'checkpoint_frequency', 'bigint', false),
    ('election_leader', 'service', 'character varying', true),
    ('election_leader', 'id', 'character varying', false),
    ('election_leader', 'last_heartbeat', 'timestamp with time zone', false),
    ('election_member', 'service', 'character varying', true),
    ('election_member', 'id', 'character varying', true),
    ('election_member', 'last_heartbeat', 'timestamp with time zone', false),
    ('exactly_once_iceberg_sink_metadata', 'sink_id', 'integer', true),
    ('exactly_once_iceberg_sink_metadata', 'end_epoch', 'bigint', true),
    ('exactly_once_iceberg_sink_metadata', 'start_epoch', 'bigint', true),
    ('exactly_once_iceberg_sink_metadata', 'metadata', 'bytea', true),
    ('exactly_once_iceberg_sink_metadata', 'snapshot_id', 'bigint', true),
    ('exactly_once_iceberg_sink_metadata', 'committed', 'boolean', true),
    ('fragment', 'fragment_id', 'integer', true),
    ('fragment', 'job_id', 'integer', true),
    ('fragment', 'fragment_type_mask', 'integer', true),
    ('fragment', 'distribution_type', 'character varying', true),
    ('fragment', 'stream_node', 'bytea', true),
    ('fragment', 'state_table_ids', 'jsonb', false),
    ('fragment', 'upstream_fragment_id', 'jsonb', false),
    ('fragment', 'vnode_count', 'integer', true),
    ('fragment', 'parallelism', 'jsonb', false),
    ('fragment_relation', 'source_fragment_id', 'integer', true),
    ('fragment_relation', 'target_fragment_id', 'integer', true),
    ('fragment_relation', 'dispatcher_type', 'character varying', true),
    ('fragment_relation', 'dist_key_indices', 'jsonb', true),
    ('fragment_relation', 'output_indices', 'jsonb', true),
    ('fragment_relation', 'output_type_mapping', 'bytea', false),
    ('fragment_splits', 'fragment_id', 'integer', true),
    ('fragment_splits', 'splits', 'bytea', false),
    ('function', 'function_id', 'integer', true),
    ('function', 'name', 'character varying', true),
    ('function', 'arg_names', 'character varying', true),
    ('function', 'arg_types', 'bytea', true),
    ('function', 'return_type', 'bytea', true),
    ('function', 'language', 'character varying', true),
    ('function', 'link', 'character varying', false),
    ('function', 'name_in_runtime', 'character varying', false),
    ('function', 'body', 'text', false),
    ('function', 'compressed_binary', 'bytea', false),
    ('function', 'kind', 'character varying', true),
    ('function', 'always_retry_on_network_error', 'boolean', true),
    ('function', 'runtime', 'character varying', false),
    ('function', 'options', 'jsonb', false),
    ('hummock_epoch_to_version', 'epoch', 'bigint', true),
    ('hummock_epoch_to_version', 'version_id', 'bigint', true),
    ('hummock_epoch_to_version', 'table_id', 'bigint', true),
    ('hummock_gc_history', 'object_id', 'bigint', true),
    ('hummock_gc_history', 'mark_delete_at', 'timestamp without time zone', true),
    ('hummock_pinned_snapshot', 'context_id', 'integer', true),
    ('hummock_pinned_snapshot', 'min_pinned_snapshot', 'bigint', true),
    ('hummock_pinned_version', 'context_id', 'integer', true),
    ('hummock_pinned_version', 'min_pinned_id', 'bigint', true),
    ('hummock_sequence', 'name', 'character varying', true),
    ('hummock_sequence', 'seq', 'bigint', true),
    ('hummock_sstable_info', 'sst_id', 'bigint', true),
    ('hummock_sstable_info', 'object_id', 'bigint', true),
    ('hummock_sstable_info', 'sstable_info', 'bytea', false),
    ('hummock_table_change_log', 'table_id', 'integer', true),
    ('hummock_table_change_log', 'checkpoint_epoch', 'bigint', true),
    ('hummock_table_change_log', 'non_checkpoint_epochs', 'jsonb', true),
    ('hummock_table_change_log', 'new_value_sst', 'bytea', true),
    ('hummock_table_change_log', 'old_value_sst', 'bytea', true),
    ('hummock_time_travel_delta', 'version_id', 'bigint', true),
    ('hummock_time_travel_delta', 'version_delta', 'bytea', false),
    ('hummock_time_travel_version', 'version_id', 'bigint', true),
    ('hummock_time_travel_version', 'version', 'bytea', false),
    ('hummock_version_delta', 'id', 'bigint', true),
    ('hummock_version_delta', 'prev_id', 'bigint', true),
    ('hummock_version_delta', 'max_committed_epoch', 'bigint', true),
    ('hummock_version_delta', 'safe_epoch', 'bigint', true),
    ('hummock_version_delta', 'trivial_move', 'boolean', true),
    ('hummock_version_delta', 'full_version_delta', 'bytea', false),
    ('hummock_version_stats', 'id', 'bigint', true),
    ('hummock_version_stats', 'stats', 'jsonb', true),
    ('iceberg_namespace_properties', 'catalog_name', 'character varying(255)', true),
    ('iceberg_namespace_properties', 'namespace', 'character varying(255)', true),
    ('iceberg_namespace_properties', 'property_key', 'character varying(255)', true),
    ('iceberg_namespace_properties', 'property_value', 'character varying(1000)', false),
    ('iceberg_tables', 'catalog_name', 'character varying(255)', true),
    ('iceberg_tables', 'table_namespace', 'character varying(255)', true),
    ('iceberg_tables', 'table_name', 'character varying(255)', true),
    ('iceberg_tables', 'metadata_location', 'character varying(1000)', false),
    ('iceberg_tables', 'previous_metadata_location', 'character varying(1000)', false),
    ('index', 'index_id', 'integer', true),
    ('index', 'name', 'character varying', true),
    ('index', 'index_table_id', 'integer', true),
    ('index', 'primary_table_id', 'integer', true),
    ('index', 'index_items', 'bytea', true),
    ('index', 'index_columns_len', 'integer', true),
    ('index', 'index_column_properties', 'bytea', false),
    ('object', 'oid', 'integer', true),
    ('object', 'obj_type', 'character varying', true),
    ('object', 'owner_id', 'integer', true),
    ('object', 'schema_id', 'integer', false),
    ('object', 'database_id', 'integer', false),
    ('object', 'initialized_at', 'timestamp without time zone', true),
    ('object', 'created_at', 'timestamp without time zone', true),
    ('object', 'initialized_at_cluster_version', 'character varying', false),
    ('object', 'created_at_cluster_version', 'character varying', false),
    ('object', 'belong_to_oid', 'integer', false),
    ('object_dependency', 'id', 'integer', true),
    ('object_dependency', 'oid', 'integer', true),
    ('object_dependency', 'used_by', 'integer', true),
    ('pending_sink_state', 'sink_id', 'integer', true),
    ('pending_sink_state', 'epoch', 'bigint', true),
    ('pending_sink_state', 'sink_state', 'character varying', true),
    ('pending_sink_state', 'metadata', 'bytea', false),
    ('pending_sink_state', 'schema_change', 'bytea', false),
    ('refresh_job', 'table_id', 'integer', true),
    ('refresh_job', 'last_trigger_time', 'bigint', false),
    ('refresh_job', 'trigger_interval_secs', 'bigint', false),
    ('refresh_job', 'current_status', 'character varying', true),
    ('refresh_job', 'last_success_time', 'bigint', false),
    ('schema', 'schema_id', 'integer', true),
    ('schema', 'name', 'character varying', true),
    ('seaql_migrations', 'version', 'character varying', true),
    ('seaql_migrations', 'applied_at', 'bigint', true),
    ('secret', 'secret_id', 'integer', true),
    ('secret', 'name', 'character varying', true),
    ('secret', 'value', 'bytea', true),
    ('session_parameter', 'name', 'character varying', true),
    ('session_parameter', 'value', 'character varying', true),
    ('session_parameter', 'description', 'text', false),
    ('sink', 'sink_id', 'integer', true),
    ('sink', 'name', 'character varying', true),
    ('sink', 'columns', 'bytea', true),
    ('sink', 'plan_pk', 'bytea', true),
    ('sink', 'distribution_key', 'jsonb', true),
    ('sink', 'downstream_pk', 'jsonb', true),
    ('sink', 'sink_type', 'character varying', true),
    ('sink', 'properties', 'jsonb', true),
    ('sink', 'definition', 'text', true),
    ('sink', 'connection_id', 'integer', false),
    ('sink', 'db_name', 'character varying', true),
    ('sink', 'sink_from_name', 'character varying', true),
    ('sink', 'sink_format_desc', 'bytea', false),
    ('sink', 'target_table', 'integer', false),
    ('sink', 'secret_ref', 'bytea', false),
    ('sink', 'original_target_columns', 'bytea', false),
    ('sink', 'auto_refresh_schema_from_table', 'integer', false),
    ('sink', 'ignore_delete', 'boolean', true),
    ('source', 'source_id', 'integer', true),
    ('source', 'name', 'character varying', true),
    ('source', 'row_id_index', 'integer', false),
    ('source', 'columns', 'bytea', true),
    ('source', 'pk_column_ids', 'jsonb', true),
    ('source', 'with_properties', 'jsonb', true),
    ('source', 'definition', 'text', true),
    ('source', 'source_info', 'bytea', false),
    ('source', 'watermark_descs', 'bytea', true),
    ('source', 'optional_associated_table_id', 'integer', false),
    ('source', 'connection_id', 'integer', false),
    ('source', 'version', 'bigint', true),
    ('source', 'secret_ref', 'bytea', false),
    ('source', 'rate_limit', 'integer', false),
    ('source', 'refresh_mode', 'bytea', false),
    ('streaming_job', 'job_id', 'integer', true),
    ('streaming_job', 'job_status', 'character varying', true),
    ('streaming_job', 'create_type', 'character varying', true),
    ('streaming_job', 'timezone', 'character varying', false),
    ('streaming_job', 'parallelism', 'jsonb', true),
    ('streaming_job', 'max_parallelism', 'integer', true),
    ('streaming_job', 'specific_resource_group', 'character varying', false),
    ('streaming_job', 'config_override', 'text', false),
    ('streaming_job', 'backfill_parallelism', 'jsonb', false),
    ('streaming_job', 'adaptive_parallelism_strategy', 'character varying', false),
    ('streaming_job', 'is_serverless_backfill', 'boolean', true),
    ('streaming_job', 'backfill_orders', 'jsonb', false),
    ('streaming_job', 'backfill_adaptive_parallelism_strategy', 'character varying', false),
    ('streaming_job', 'refresh_interval_sec', 'bigint', false),
    ('subscription', 'subscription_id', 'integer', true),
    ('subscription', 'name', 'character varying', true),
    ('subscription', 'definition', 'text', true),
    ('subscription', 'retention_seconds', 'bigint', false),
    ('subscription', 'subscription_state', 'integer', false),
    ('subscription', 'dependent_table_id', 'integer', true),
    ('system_parameter', 'name', 'character varying', true),
    ('system_parameter', 'value', 'character varying', true),
    ('system_parameter', 'is_mutable', 'boolean', true),
    ('system_parameter', 'description', 'character varying', false),
    ('table', 'table_id', 'integer', true),
    ('table', 'name', 'character varying', true),
    ('table', 'optional_associated_source_id', 'integer', false),
    ('table', 'table_type', 'character varying', true),
    ('table', 'belongs_to_job_id', 'integer', false),
    ('table', 'columns', 'bytea', true),
    ('table', 'pk', 'bytea', true),
    ('table', 'distribution_key', 'jsonb', true),
    ('table', 'stream_key', 'jsonb', true),
    ('table', 'append_only', 'boolean', true),
    ('table', 'fragment_id', 'integer', false),
    ('table', 'vnode_col_index', 'integer', false),
    ('table', 'row_id_index', 'integer', false),
    ('table', 'value_indices', 'jsonb', true),
    ('table', 'definition', 'text', true),
    ('table', 'handle_pk_conflict_behavior', 'character varying', true),
    ('table', 'read_prefix_len_hint', 'integer', true),
    ('table', 'watermark_indices', 'jsonb', true),
    ('table', 'dist_key_in_pk', 'jsonb', true),
    ('table', 'dml_fragment_id', 'integer', false),
    ('table', 'cardinality', 'bytea', false),
    ('table', 'cleaned_by_watermark', 'boolean', true),
    ('table', 'description', 'character varying', false),
    ('table', 'version', 'bytea', false),
    ('table', 'retention_seconds', 'integer', false),
    ('table', 'version_column_index', 'integer', false),
    ('table', 'cdc_table_id', 'character varying', false),
    ('table', 'vnode_count', 'integer', true),
    ('table', 'webhook_info', 'bytea', false),
    ('table', 'engine', 'character varying', false),
    ('table', 'clean_watermark_index_in_pk', 'integer', false),
    ('table', 'refreshable', 'boolean', true),
    ('table', 'vector_index_info', 'bytea', false),
    ('table', 'version_column_indices', 'jsonb', false),
    ('table', 'cdc_table_type', 'character varying', false),
    ('table', 'clean_watermark_indices', 'json', false),
    ('user', 'user_id', 'integer', true),
    ('user', 'name', 'character varying', true),
    ('user', 'is_super', 'boolean', true),
    ('user', 'can_create_db', 'boolean', true),
    ('user', 'can_create_user', 'boolean', true),
    ('user', 'can_login', 'boolean', true),
    ('user', 'auth_info', 'bytea', false),
    ('user', 'is_admin', 'boolean', true),
    ('user_default_privilege', 'id', 'integer', true),
    ('user_default_privilege', 'database_id', 'integer', true),
    ('user_default_privilege', 'schema_id', 'integer', false),
    ('user_default_privilege', 'object_type', 'character varying', true),
    ('user_default_privilege', 'for_materialized_view', 'boolean', true),
    ('user_default_privilege', 'user_id', 'integer', true),
    ('user_default_privilege', 'grantee', 'integer', true),
    ('user_default_privilege', 'granted_by', 'integer', true),
    ('user_default_privilege', 'action', 'character varying', true),
    ('user_default_privilege', 'with_grant_option', 'boolean', true),
    ('user_privilege', 'id', 'integer', true),
    ('user_privilege', 'dependent_id', 'integer', false),
    ('user_privilege', 'user_id', 'integer', true),
    ('user_privilege', 'oid', 'integer', true),
    ('user_privilege', 'granted_by', 'integer', true),
    ('user_privilege', 'action', 'character varying', true),
    ('user_privilege', 'with_grant_option', 'boolean', true),
    ('view', 'view_id', 'integer', true),
    ('view', 'name', 'character varying', true),
    ('view', 'properties', 'jsonb', true),
    ('view', 'definition', 'text', true),
    ('view', 'columns', 'bytea', true),
    ('worker', 'worker_id', 'integer', true),
    ('worker', 'worker_type', 'character varying', true),
    ('worker', 'host', 'character varying', true),
    ('worker', 'port', 'integer', true),
    ('worker', 'status', 'character varying', true),
    ('worker', 'transaction_id', 'integer', false),
    ('worker_property', 'worker_id', 'integer', true),
    ('worker_property', 'is_streaming', 'boolean', true),
    ('worker_property', 'is_serving', 'boolean', true),
    ('worker_property', 'is_unschedulable', 'boolean', true),
    ('worker_property', 'parallelism', 'integer', false),
    ('worker_property', 'internal_rpc_host_addr', 'character varying', false),
    ('worker_property', 'resource_group', 'character varying', false),
    ('worker_property', 'is_iceberg_compactor', 'boolean', true),
    ('worker_property', 'resource', 'bytea', false),
    ('worker_property', 'started_at', 'bigint', false)
),
actual AS (
    SELECT c.relname::text AS table_name, a.attname::text AS column_name,
           format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           a.atthasdef AS has_default
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    WHERE c.relnamespace = current_schema()::regnamespace
      AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
),
expected_unique(table_name, column_names) AS (VALUES
    ('database', 'name'),
    ('user', 'name'),
    ('user_default_privilege', 'database_id,schema_id,object_type,for_materialized_view,user_id,grantee,action'),
    ('user_privilege', 'user_id,oid,action,granted_by'),
    ('worker', 'host,port')
),
actual_unique AS (
    SELECT c.relname::text AS table_name, ic.relname::text AS index_name,
           (SELECT string_agg(a.attname::text, ',' ORDER BY k.n)
            FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) AS column_names
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid
    JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE c.relnamespace = current_schema()::regnamespace
      AND i.indisunique AND NOT i.indisprimary
)
SELECT 'schema-drift', e.table_name, e.column_name,
       coalesce(a.type || CASE WHEN a.not_null THEN ' NOT NULL' ELSE '' END, 'missing')
FROM expected e
LEFT JOIN actual a ON a.table_name = e.table_name AND a.column_name = e.column_name
WHERE a.column_name IS NULL OR a.type <> e.type OR a.not_null <> e.not_null
UNION ALL
SELECT 'schema-drift', a.table_name, a.column_name, 'extra NOT NULL column without a default'
FROM actual a
WHERE a.not_null AND NOT a.has_default
  AND a.table_name IN (SELECT e.table_name FROM expected e)
  AND NOT EXISTS (SELECT 1 FROM expected e
                  WHERE e.table_name = a.table_name AND e.column_name = a.column_name)
UNION ALL
SELECT 'schema-drift', u.table_name, u.index_name, 'unique on ' || u.column_names
FROM actual_unique u
WHERE u.table_name IN (SELECT e.table_name FROM expected e)
  AND NOT EXISTS (SELECT 1 FROM expected_unique eu
                  WHERE eu.table_name = u.table_name AND eu.column_names = u.column_names)
UNION ALL
SELECT 'schema-drift', c.relname, con.conname, pg_get_constraintdef(con.oid)
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
WHERE c.relnamespace = current_schema()::regnamespace AND con.contype IN ('c', 'x')
UNION ALL
SELECT 'schema-drift', c.relname, t.tgname, 'trigger'
FROM pg_trigger t
JOIN pg_class c ON c.oid = t.tgrelid
WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal;

-- foreign-keys-missing: a foreign key head.sql creates that is missing or has another
-- ON DELETE action (c = CASCADE, a = NO ACTION). RisingWave deletes only the object row and
-- relies on these keys' cascades. Reference list: (table, columns, referenced table, action).
WITH expected(table_name, column_names, referenced_table, delete_action) AS (VALUES
    ('actor', 'fragment_id', 'fragment', 'c'),
    ('cdc_table_snapshot_splits', 'table_id', 'object', 'c'),
    ('connection', 'connection_id', 'object', 'c'),
    ('database', 'database_id', 'object', 'c'),
    ('fragment', 'job_id', 'object', 'c'),
    ('fragment_relation', 'source_fragment_id', 'fragment', 'c'),
    ('fragment_relation', 'target_fragment_id', 'fragment', 'c'),
    ('fragment_splits', 'fragment_id', 'fragment', 'c'),
    ('function', 'function_id', 'object', 'c'),
    ('index', 'index_id', 'object', 'c'),
    ('index', 'index_table_id', 'table', 'c'),
    ('index', 'primary_table_id', 'table', 'c'),
    ('object', 'belong_to_oid', 'object', 'c'),
    ('object', 'database_id', 'object', 'c'),
    ('object', 'owner_id', 'user', 'c'),
    ('object', 'schema_id', 'object', 'c'),
    ('object_dependency', 'oid', 'object', 'c'),
    ('object_dependency', 'used_by', 'object', 'c'),
    ('pending_sink_state', 'sink_id', 'object', 'c'),
    ('refresh_job', 'table_id', 'table', 'c'),
    ('schema', 'schema_id', 'object', 'c'),
    ('secret', 'secret_id', 'object', 'c'),
    ('sink', 'connection_id', 'connection', 'a'),
    ('sink', 'sink_id', 'object', 'c'),
    ('sink', 'target_table', 'table', 'a'),
    ('source', 'connection_id', 'connection', 'a'),
    ('source', 'optional_associated_table_id', 'object', 'c'),
    ('source', 'source_id', 'object', 'c'),
    ('streaming_job', 'job_id', 'object', 'c'),
    ('subscription', 'dependent_table_id', 'object', 'c'),
    ('subscription', 'subscription_id', 'object', 'c'),
    ('table', 'belongs_to_job_id', 'object', 'c'),
    ('table', 'dml_fragment_id', 'fragment', 'a'),
    ('table', 'fragment_id', 'fragment', 'c'),
    ('table', 'optional_associated_source_id', 'object', 'c'),
    ('table', 'table_id', 'object', 'c'),
    ('user_default_privilege', 'database_id', 'database', 'c'),
    ('user_default_privilege', 'granted_by', 'user', 'c'),
    ('user_default_privilege', 'grantee', 'user', 'c'),
    ('user_default_privilege', 'schema_id', 'schema', 'c'),
    ('user_default_privilege', 'user_id', 'user', 'c'),
    ('user_privilege', 'dependent_id', 'user_privilege', 'c'),
    ('user_privilege', 'granted_by', 'user', 'a'),
    ('user_privilege', 'oid', 'object', 'c'),
    ('user_privilege', 'user_id', 'user', 'c'),
    ('view', 'view_id', 'object', 'c'),
    ('worker_property', 'worker_id', 'worker', 'c')
),
actual AS (
    SELECT c.relname::text AS table_name, rc.relname::text AS referenced_table,
           con.confdeltype::text AS delete_action,
           (SELECT string_agg(a.attname::text, ',' ORDER BY k.n)
            FROM unnest(con.conkey) WITH ORDINALITY AS k(attnum, n)
            JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS column_names
    FROM pg_constraint con
    JOIN pg_class c ON c.oid = con.conrelid
    JOIN pg_class rc ON rc.oid = con.confrelid
    WHERE con.contype = 'f' AND c.relnamespace = current_schema()::regnamespace
)
SELECT 'foreign-keys-missing', e.table_name, e.column_names, e.referenced_table, e.delete_action
FROM expected e
WHERE NOT EXISTS (SELECT 1 FROM actual a
                  WHERE a.table_name = e.table_name AND a.column_names = e.column_names
                    AND a.referenced_table = e.referenced_table AND a.delete_action = e.delete_action);

-- sequence-behind: a serial sequence whose next value is an id the table holds already.
-- fragment_fragment_id_seq and actor_actor_id_seq are left out: the meta node allocates those
-- ids itself and never calls the sequences.
SELECT 'sequence-behind', s.table_name, s.max_id, coalesce(q.last_value, q.start_value - 1)
FROM (SELECT 'object' AS table_name, 'object_oid_seq' AS sequence_name, (SELECT max(oid) FROM object) AS max_id
      UNION ALL SELECT 'user', 'user_user_id_seq', (SELECT max(user_id) FROM "user")
      UNION ALL SELECT 'user_privilege', 'user_privilege_id_seq', (SELECT max(id) FROM user_privilege)
      UNION ALL SELECT 'user_default_privilege', 'user_default_privilege_id_seq', (SELECT max(id) FROM user_default_privilege)
      UNION ALL SELECT 'object_dependency', 'object_dependency_id_seq', (SELECT max(id) FROM object_dependency)
      UNION ALL SELECT 'worker', 'worker_worker_id_seq', (SELECT max(worker_id) FROM worker)) AS s
JOIN pg_sequences q ON q.schemaname = current_schema() AND q.sequencename = s.sequence_name
WHERE coalesce(q.last_value, q.start_value - 1) < s.max_id;

-- object-type-mismatch: an object with a row in the catalog table of another type (an INDEX
-- has its index row and its table row), or an unknown obj_type.
SELECT 'object-type-mismatch', o.oid, o.obj_type, ty.type_table
FROM object o
JOIN (SELECT table_id AS oid, 'table' AS type_table FROM "table"
      UNION ALL SELECT source_id, 'source' FROM source
      UNION ALL SELECT sink_id, 'sink' FROM sink
      UNION ALL SELECT index_id, 'index' FROM "index"
      UNION ALL SELECT view_id, 'view' FROM view
      UNION ALL SELECT subscription_id, 'subscription' FROM subscription
      UNION ALL SELECT function_id, 'function' FROM function
      UNION ALL SELECT connection_id, 'connection' FROM connection
      UNION ALL SELECT secret_id, 'secret' FROM secret
      UNION ALL SELECT schema_id, 'schema' FROM schema
      UNION ALL SELECT database_id, 'database' FROM database) AS ty ON ty.oid = o.oid
WHERE lower(o.obj_type) <> ty.type_table
  AND NOT (o.obj_type = 'INDEX' AND ty.type_table = 'table')
UNION ALL
SELECT 'object-type-mismatch', o.oid, o.obj_type, NULL
FROM object o
WHERE o.obj_type NOT IN ('DATABASE', 'SCHEMA', 'TABLE', 'SOURCE', 'SINK', 'VIEW', 'INDEX',
                         'FUNCTION', 'CONNECTION', 'SUBSCRIPTION', 'SECRET');

-- object-orphaned: an object without a row in the catalog table of its type.
SELECT 'object-orphaned', o.oid, o.obj_type
FROM object o
WHERE o.obj_type IN ('DATABASE', 'SCHEMA', 'TABLE', 'SOURCE', 'SINK', 'VIEW', 'INDEX',
                     'FUNCTION', 'CONNECTION', 'SUBSCRIPTION', 'SECRET')
  AND NOT EXISTS (
      SELECT 1
      FROM (SELECT table_id AS oid, 'TABLE' AS obj_type FROM "table"
            UNION ALL SELECT source_id, 'SOURCE' FROM source
            UNION ALL SELECT sink_id, 'SINK' FROM sink
            UNION ALL SELECT index_id, 'INDEX' FROM "index"
            UNION ALL SELECT view_id, 'VIEW' FROM view
            UNION ALL SELECT subscription_id, 'SUBSCRIPTION' FROM subscription
            UNION ALL SELECT function_id, 'FUNCTION' FROM function
            UNION ALL SELECT connection_id, 'CONNECTION' FROM connection
            UNION ALL SELECT secret_id, 'SECRET' FROM secret
            UNION ALL SELECT schema_id, 'SCHEMA' FROM schema
            UNION ALL SELECT database_id, 'DATABASE' FROM database) AS ty
      WHERE ty.oid = o.oid AND ty.obj_type = o.obj_type);

-- object-database-invalid: an object other than a database whose database_id is null or has
-- no database row.
SELECT 'object-database-invalid', o.oid, o.obj_type, o.database_id
FROM object o
WHERE o.obj_type <> 'DATABASE'
  AND NOT EXISTS (SELECT 1 FROM database d WHERE d.database_id = o.database_id);

-- object-schema-invalid: a database with a schema or database, a schema with a schema, any
-- other object without a schema row or in another database than its schema.
SELECT 'object-schema-invalid', o.oid, o.obj_type, o.schema_id, o.database_id
FROM object o
LEFT JOIN (schema s JOIN object so ON so.oid = s.schema_id) ON s.schema_id = o.schema_id
WHERE CASE o.obj_type
        WHEN 'DATABASE' THEN o.schema_id IS NOT NULL OR o.database_id IS NOT NULL
        WHEN 'SCHEMA' THEN o.schema_id IS NOT NULL
        ELSE s.schema_id IS NULL OR so.database_id IS DISTINCT FROM o.database_id
      END;

-- object-parent-invalid: object.belong_to_oid must be null for a database, the database for a
-- schema, the job for an internal table, the table for its associated source, and the schema
-- for every other object, except a sink or source that belongs to its ICEBERG table; a parent
-- other than a schema or database lives in the child's database and schema; and no chain of
-- parents may loop (walked up from every object: a walk that comes back to where it started,
-- or is still going after 32 steps, is on a cycle or leads into one).
WITH RECURSIVE up(start_oid, parent, steps) AS (
    SELECT o.oid, o.belong_to_oid, 1 FROM object o WHERE o.belong_to_oid IS NOT NULL
    UNION ALL
    SELECT u.start_oid, p.belong_to_oid, u.steps + 1
    FROM up u
    JOIN object p ON p.oid = u.parent
    WHERE p.belong_to_oid IS NOT NULL AND u.parent <> u.start_oid AND u.steps < 32
),
expected AS (
    SELECT o.oid,
           CASE WHEN o.obj_type = 'DATABASE' THEN NULL
                WHEN o.obj_type = 'SCHEMA' THEN o.database_id
                WHEN it.belongs_to_job_id IS NOT NULL THEN it.belongs_to_job_id
                WHEN a.table_id IS NOT NULL THEN a.table_id
                ELSE o.schema_id
           END AS parent
    FROM object o
    LEFT JOIN "table" it ON it.table_id = o.oid
    LEFT JOIN (SELECT optional_associated_source_id AS source_id, min(table_id) AS table_id
               FROM "table" WHERE optional_associated_source_id IS NOT NULL
               GROUP BY optional_associated_source_id) AS a ON a.source_id = o.oid
)
SELECT 'object-parent-invalid', o.oid, o.obj_type, o.belong_to_oid, e.parent
FROM object o
JOIN expected e ON e.oid = o.oid
LEFT JOIN object p ON p.oid = o.belong_to_oid
WHERE (o.belong_to_oid IS DISTINCT FROM e.parent
       AND NOT (o.obj_type IN ('SINK', 'SOURCE')
                AND EXISTS (SELECT 1 FROM "table" ice
                            WHERE ice.table_id = o.belong_to_oid AND ice.engine = 'ICEBERG')))
   OR (o.belong_to_oid IS NOT NULL AND p.oid IS NULL)
   OR (p.obj_type NOT IN ('SCHEMA', 'DATABASE')
       AND (p.database_id IS DISTINCT FROM o.database_id OR p.schema_id IS DISTINCT FROM o.schema_id))
UNION
SELECT 'object-parent-invalid', o.oid, o.obj_type, o.belong_to_oid, NULL
FROM up u
JOIN object o ON o.oid = u.start_oid
WHERE u.parent = u.start_oid OR u.steps = 32;

-- job-status-invalid: a job_status or create_type RisingWave does not know.
SELECT 'job-status-invalid', sj.job_id, sj.job_status, sj.create_type
FROM streaming_job sj
WHERE sj.job_status NOT IN ('INITIAL', 'CREATING', 'CREATED')
   OR sj.create_type NOT IN ('BACKGROUND', 'FOREGROUND');

-- job-type-invalid: a streaming job that is not a table, index, sink or source object, or
-- (once past INITIAL) has no row in its type table.
SELECT 'job-type-invalid', sj.job_id, o.obj_type, sj.job_status
FROM streaming_job sj
JOIN object o ON o.oid = sj.job_id
LEFT JOIN "table" t ON t.table_id = sj.job_id
LEFT JOIN sink k ON k.sink_id = sj.job_id
LEFT JOIN source s ON s.source_id = sj.job_id
WHERE o.obj_type NOT IN ('TABLE', 'INDEX', 'SINK', 'SOURCE')
   OR (sj.job_status <> 'INITIAL'
       AND CASE o.obj_type WHEN 'SINK' THEN k.sink_id
                           WHEN 'SOURCE' THEN s.source_id
                           ELSE t.table_id END IS NULL);

-- job-parallelism-invalid: a parallelism that is not "Adaptive", "Custom" or {"Fixed": n > 0},
-- or an adaptive strategy that is not auto, full, bounded(n > 0) or ratio(0..1).
SELECT 'job-parallelism-invalid', j.job_id, j.fragment_id, j.field, j.value
FROM (SELECT sj.job_id, NULL::integer AS fragment_id, 'parallelism' AS field, sj.parallelism AS value
      FROM streaming_job sj
      UNION ALL
      SELECT sj.job_id, NULL, 'backfill_parallelism', sj.backfill_parallelism FROM streaming_job sj
      UNION ALL
      SELECT f.job_id, f.fragment_id, 'fragment parallelism', f.parallelism FROM fragment f) AS j
WHERE j.value IS NOT NULL
  AND j.value NOT IN ('"Adaptive"', '"Custom"')
  AND NOT (jsonb_typeof(j.value) = 'object' AND j.value - 'Fixed' = '{}'
           AND jsonb_typeof(j.value -> 'Fixed') = 'number'
           AND j.value ->> 'Fixed' ~ '^[1-9][0-9]{0,18}$')
UNION ALL
SELECT 'job-parallelism-invalid', s.job_id, NULL, s.field, to_jsonb(s.value)
FROM (SELECT sj.job_id, 'adaptive_parallelism_strategy' AS field, sj.adaptive_parallelism_strategy AS value
      FROM streaming_job sj
      UNION ALL
      SELECT sj.job_id, 'backfill_adaptive_parallelism_strategy', sj.backfill_adaptive_parallelism_strategy
      FROM streaming_job sj) AS s
WHERE s.value !~* '^(auto|full|bounded\(0*[1-9][0-9]{0,18}\)|ratio\(\+?(0+(\.[0-9]+)?|0*1(\.0+)?)\))$';

-- job-stuck: a job INITIAL for longer than rwdoctor's default --stuck-after (30 minutes): it
-- may hold a creating-job permit until the meta node restarts. (A CREATING job may backfill that
-- long: rwdoctor reports it only as info.)
SELECT 'job-stuck', sj.job_id, o.initialized_at
FROM streaming_job sj
JOIN object o ON o.oid = sj.job_id
WHERE sj.job_status = 'INITIAL'
  AND o.initialized_at < (now() AT TIME ZONE 'UTC') - interval '30 minutes';  -- RisingWave writes UTC

-- relation-without-job: a table, materialized view, index, sink or shared source (a source
-- with fragments) without a streaming_job row, or an internal table whose job has none.
SELECT DISTINCT 'relation-without-job', r.oid, r.kind
FROM (SELECT t.table_id AS oid, t.table_type AS kind FROM "table" t WHERE t.belongs_to_job_id IS NULL
      UNION ALL SELECT k.sink_id, 'SINK' FROM sink k
      UNION ALL SELECT i.index_id, 'INDEX' FROM "index" i
      UNION ALL SELECT s.source_id, 'SHARED SOURCE' FROM source s
                WHERE EXISTS (SELECT 1 FROM fragment f WHERE f.job_id = s.source_id)) AS r
WHERE NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = r.oid)
UNION ALL
SELECT 'relation-without-job', t.table_id, 'INTERNAL of ' || t.belongs_to_job_id
FROM "table" t
WHERE t.belongs_to_job_id IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = t.belongs_to_job_id);

-- job-without-fragments: a streaming job without fragment rows.
SELECT 'job-without-fragments', sj.job_id, sj.job_status
FROM streaming_job sj
WHERE NOT EXISTS (SELECT 1 FROM fragment f WHERE f.job_id = sj.job_id);

-- fragment-without-job: a fragment whose job has no streaming_job row.
SELECT 'fragment-without-job', f.fragment_id, f.job_id
FROM fragment f
WHERE NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = f.job_id);

-- job-without-state-table: a job past INITIAL none of whose fragments lists a state table.
SELECT 'job-without-state-table', f.job_id
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status <> 'INITIAL'
GROUP BY f.job_id
HAVING NOT coalesce(bool_or(jsonb_typeof(f.state_table_ids) = 'array' AND f.state_table_ids <> '[]'), false);

-- state-table-mismatch, for jobs past INITIAL: every table row (the job is belongs_to_job_id,
-- else the table itself) points with fragment_id to a fragment of its job that lists it in
-- state_table_ids; every id a fragment lists is a table row of the fragment's job and is
-- listed by one fragment only; state_table_ids is an array of integers.
WITH live_fragment AS (
    SELECT f.fragment_id, f.job_id, f.state_table_ids
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE sj.job_status <> 'INITIAL'
),
listed AS (
    SELECT f.fragment_id, f.job_id, e.value
    FROM live_fragment f
    CROSS JOIN LATERAL jsonb_array_elements(f.state_table_ids) AS e(value)
    WHERE jsonb_typeof(f.state_table_ids) = 'array'
),
listed_id AS (
    SELECT l.fragment_id, l.job_id, (l.value #>> '{}')::integer AS table_id
    FROM listed l
    WHERE jsonb_typeof(l.value) = 'number' AND l.value #>> '{}' ~ '^[0-9]{1,9}$'
)
SELECT 'state-table-mismatch', t.table_id, coalesce(t.belongs_to_job_id, t.table_id) AS job_id,
       t.fragment_id, 'fragment_id does not list the table'
FROM "table" t
JOIN streaming_job sj ON sj.job_id = coalesce(t.belongs_to_job_id, t.table_id)
WHERE sj.job_status <> 'INITIAL'
  AND NOT EXISTS (SELECT 1 FROM listed_id l
                  WHERE l.fragment_id = t.fragment_id AND l.table_id = t.table_id
                    AND l.job_id = coalesce(t.belongs_to_job_id, t.table_id))
UNION ALL
SELECT 'state-table-mismatch', l.table_id, l.job_id, l.fragment_id, 'not a table row of the job'
FROM listed_id l
WHERE NOT EXISTS (SELECT 1 FROM "table" t
                  WHERE t.table_id = l.table_id AND coalesce(t.belongs_to_job_id, t.table_id) = l.job_id)
UNION ALL
SELECT 'state-table-mismatch', l.table_id, min(l.job_id), min(l.fragment_id), 'listed by several fragments'
FROM listed_id l
GROUP BY l.table_id
HAVING count(DISTINCT l.fragment_id) > 1
UNION ALL
SELECT 'state-table-mismatch', NULL, l.job_id, l.fragment_id, 'not a table id: ' || l.value::text
FROM listed l
WHERE NOT (jsonb_typeof(l.value) = 'number' AND l.value #>> '{}' ~ '^[0-9]{1,9}$')
UNION ALL
SELECT 'state-table-mismatch', NULL, f.job_id, f.fragment_id, 'state_table_ids is not an array'
FROM live_fragment f
WHERE f.state_table_ids IS NULL OR jsonb_typeof(f.state_table_ids) <> 'array';

-- vnode-count-invalid, for jobs past INITIAL: a fragment's vnode_count outside 1..32768; a
-- table's outside 1..32768 (0 is the placeholder the meta service must fill), or other than
-- its fragment's unless the table is a singleton (no distribution key, no vnode column).
SELECT 'vnode-count-invalid', f.job_id, f.fragment_id, NULL::integer, f.vnode_count
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status <> 'INITIAL' AND f.vnode_count NOT BETWEEN 1 AND 32768
UNION ALL
SELECT 'vnode-count-invalid', sj.job_id, t.fragment_id, t.table_id, t.vnode_count
FROM "table" t
JOIN streaming_job sj ON sj.job_id = coalesce(t.belongs_to_job_id, t.table_id)
LEFT JOIN fragment f ON f.fragment_id = t.fragment_id
WHERE sj.job_status <> 'INITIAL'
  AND (t.vnode_count NOT BETWEEN 1 AND 32768
       OR (f.vnode_count BETWEEN 1 AND 32768 AND t.vnode_count <> f.vnode_count
           AND NOT (t.distribution_key = '[]' AND t.dist_key_in_pk = '[]' AND t.vnode_col_index IS NULL)));

-- dml-fragment-invalid: a table's dml_fragment_id that is not a fragment of the same job with
-- the Dml bit.
SELECT 'dml-fragment-invalid', t.table_id, t.dml_fragment_id
FROM "table" t
LEFT JOIN streaming_job sj ON sj.job_id = t.table_id
WHERE t.dml_fragment_id IS NOT NULL
  AND sj.job_status IS DISTINCT FROM 'INITIAL'
  AND NOT EXISTS (SELECT 1 FROM fragment f
                  WHERE f.fragment_id = t.dml_fragment_id AND f.job_id = t.table_id
                    AND (f.fragment_type_mask & 128) <> 0);

-- backfill-orders-invalid: a CREATING job's backfill_orders ({"parent": [child, ...]}) names
-- a child that is not a backfill fragment (StreamScan, SourceScan or LocalityProvider) of the
-- job, or is not such an object at all.
SELECT 'backfill-orders-invalid', sj.job_id, child
FROM streaming_job sj
CROSS JOIN LATERAL jsonb_path_query(sj.backfill_orders, 'lax $.*[*]') AS child
WHERE sj.job_status = 'CREATING' AND jsonb_typeof(sj.backfill_orders) = 'object'
  AND NOT EXISTS (SELECT 1 FROM fragment f
                  WHERE f.job_id = sj.job_id AND to_jsonb(f.fragment_id) = child
                    AND (f.fragment_type_mask & (16 | 1024 | 131072)) <> 0)
UNION ALL
SELECT 'backfill-orders-invalid', sj.job_id, sj.backfill_orders
FROM streaming_job sj
WHERE sj.job_status = 'CREATING' AND jsonb_typeof(sj.backfill_orders) NOT IN ('object', 'null');

-- table-mview-fragment-invalid: a CREATED TABLE job with fragments but not exactly one Mview
-- fragment, or whose Mview fragment lacks the UpstreamSinkUnion bit while sinks write into it.
SELECT 'table-mview-fragment-invalid', t.table_id,
       count(*) FILTER (WHERE (f.fragment_type_mask & 2) <> 0) AS mview_fragments
FROM "table" t
JOIN streaming_job sj ON sj.job_id = t.table_id
JOIN fragment f ON f.job_id = t.table_id
WHERE t.table_type = 'TABLE' AND sj.job_status = 'CREATED'
GROUP BY t.table_id
HAVING count(*) FILTER (WHERE (f.fragment_type_mask & 2) <> 0) <> 1
    OR (bool_or((f.fragment_type_mask & 2) <> 0 AND (f.fragment_type_mask & 65536) = 0)
        AND EXISTS (SELECT 1 FROM sink k WHERE k.target_table = t.table_id));

-- edge-cross-database: a fragment edge between jobs in different databases.
SELECT 'edge-cross-database', r.source_fragment_id, r.target_fragment_id, os.database_id, ot.database_id
FROM fragment_relation r
JOIN fragment s ON s.fragment_id = r.source_fragment_id
JOIN fragment t ON t.fragment_id = r.target_fragment_id
LEFT JOIN object os ON os.oid = s.job_id
LEFT JOIN object ot ON ot.oid = t.job_id
WHERE s.job_id <> t.job_id
  AND os.database_id IS DISTINCT FROM ot.database_id;

-- no-shuffle-incompatible: a NO_SHUFFLE edge between fragments of different distribution type,
-- vnode count or database.
SELECT 'no-shuffle-incompatible', r.source_fragment_id, r.target_fragment_id
FROM fragment_relation r
JOIN fragment s ON s.fragment_id = r.source_fragment_id
JOIN fragment t ON t.fragment_id = r.target_fragment_id
LEFT JOIN object os ON os.oid = s.job_id
LEFT JOIN object ot ON ot.oid = t.job_id
WHERE r.dispatcher_type = 'NO_SHUFFLE'
  AND (s.distribution_type <> t.distribution_type
       OR s.vnode_count <> t.vnode_count
       OR os.database_id IS DISTINCT FROM ot.database_id);

-- ensemble-invalid: fragments joined by NO_SHUFFLE edges (either direction) form an ensemble,
-- named here by its smallest fragment id. Its entries (members without a NO_SHUFFLE parent)
-- must belong to one job and agree on distribution type, vnode count and parallelism; all its
-- members must be in one database; and its edges must not form a directed cycle.
WITH RECURSIVE no_shuffle AS (
    SELECT r.source_fragment_id AS parent, r.target_fragment_id AS child
    FROM fragment_relation r
    WHERE r.dispatcher_type = 'NO_SHUFFLE'
),
neighbour AS (
    SELECT parent AS fragment_id, child AS other FROM no_shuffle
    UNION ALL
    SELECT child, parent FROM no_shuffle
),
reach(fragment_id, member) AS (
    SELECT n.fragment_id, n.fragment_id FROM neighbour n
    UNION
    SELECT r.fragment_id, n.other FROM reach r JOIN neighbour n ON n.fragment_id = r.member
),
downstream(fragment_id, below) AS (
    SELECT parent, child FROM no_shuffle
    UNION
    SELECT d.fragment_id, n.child FROM downstream d JOIN no_shuffle n ON n.parent = d.below
),
on_cycle AS (
    SELECT DISTINCT d.fragment_id FROM downstream d WHERE d.below = d.fragment_id
),
member AS (
    SELECT r.fragment_id, min(r.member) AS ensemble
    FROM reach r
    GROUP BY r.fragment_id
),
entry AS (
    SELECT m.fragment_id FROM member m
    WHERE NOT EXISTS (SELECT 1 FROM no_shuffle n WHERE n.child = m.fragment_id)
)
SELECT 'ensemble-invalid', m.ensemble,
       count(DISTINCT f.job_id) FILTER (WHERE e.fragment_id IS NOT NULL) AS entry_jobs,
       count(DISTINCT coalesce(o.database_id, -1)) AS databases,
       count(c.fragment_id) AS fragments_on_a_cycle
FROM member m
JOIN fragment f ON f.fragment_id = m.fragment_id
LEFT JOIN object o ON o.oid = f.job_id
LEFT JOIN entry e ON e.fragment_id = m.fragment_id
LEFT JOIN on_cycle c ON c.fragment_id = m.fragment_id
GROUP BY m.ensemble
HAVING count(DISTINCT f.job_id) FILTER (WHERE e.fragment_id IS NOT NULL) <> 1
    OR count(DISTINCT f.distribution_type) FILTER (WHERE e.fragment_id IS NOT NULL) > 1
    OR count(DISTINCT f.vnode_count) FILTER (WHERE e.fragment_id IS NOT NULL) > 1
    OR count(DISTINCT coalesce(f.parallelism::text, 'null')) FILTER (WHERE e.fragment_id IS NOT NULL) > 1
    OR count(DISTINCT coalesce(o.database_id, -1)) > 1
    OR count(c.fragment_id) > 0;

-- dependency-invalid: object_dependency (oid, used_by: used_by reads oid) must not have a cycle
-- (RisingWave's recursive walk of it for DROP ... CASCADE never ends), and every fragment edge
-- between two jobs needs its (upstream, downstream) row, sink-into-table edges excepted.
WITH RECURSIVE reach(start_oid, used_by) AS (
    SELECT d.oid, d.used_by FROM object_dependency d
    UNION
    SELECT r.start_oid, d.used_by FROM reach r JOIN object_dependency d ON d.oid = r.used_by
)
SELECT DISTINCT 'dependency-invalid', r.start_oid, r.start_oid, 'on a cycle'
FROM reach r
WHERE r.used_by = r.start_oid
UNION ALL
SELECT DISTINCT 'dependency-invalid', s.job_id, t.job_id, 'missing'
FROM fragment_relation e
JOIN fragment s ON s.fragment_id = e.source_fragment_id
JOIN fragment t ON t.fragment_id = e.target_fragment_id
WHERE s.job_id <> t.job_id
  AND NOT EXISTS (SELECT 1 FROM object_dependency d WHERE d.oid = s.job_id AND d.used_by = t.job_id)
  AND NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = s.job_id AND k.target_table = t.job_id);

-- source-fragment-invalid, for jobs past INITIAL: a fragment with both the Source and the
-- SourceScan bit, or a SourceScan fragment without a NO_SHUFFLE upstream Source fragment (one
-- without the Dml bit).
SELECT 'source-fragment-invalid', f.job_id, f.fragment_id, f.fragment_type_mask
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status <> 'INITIAL'
  AND (f.fragment_type_mask & 1024) <> 0
  AND ((f.fragment_type_mask & 1) <> 0
       OR NOT EXISTS (SELECT 1
                      FROM fragment_relation r
                      JOIN fragment u ON u.fragment_id = r.source_fragment_id
                      WHERE r.target_fragment_id = f.fragment_id AND r.dispatcher_type = 'NO_SHUFFLE'
                        AND (u.fragment_type_mask & 1) <> 0 AND (u.fragment_type_mask & 128) = 0));

-- source-splits-missing: a Source or SourceScan fragment of a job past INITIAL without a
-- fragment_splits row; a table's DML fragment (its Source a placeholder) has none.
SELECT 'source-splits-missing', f.job_id, f.fragment_id
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status <> 'INITIAL'
  AND (f.fragment_type_mask & (1 | 1024)) <> 0
  AND NOT ((f.fragment_type_mask & 128) <> 0
           AND NOT EXISTS (SELECT 1 FROM "table" t
                           WHERE t.table_id = f.job_id AND t.optional_associated_source_id IS NOT NULL))
  AND NOT EXISTS (SELECT 1 FROM fragment_splits fs WHERE fs.fragment_id = f.fragment_id);

-- sink-into-table-invalid, for sinks past INITIAL: a sink into a table needs exactly one Sink
-- fragment and an existing target table; a Sink fragment has at most one downstream edge; a
-- table job has at most one UpstreamSinkUnion fragment.
SELECT 'sink-into-table-invalid', k.sink_id, 'sink fragments: ' || count(f.fragment_id)
FROM sink k
LEFT JOIN streaming_job sj ON sj.job_id = k.sink_id
LEFT JOIN fragment f ON f.job_id = k.sink_id AND (f.fragment_type_mask & 4) <> 0
WHERE k.target_table IS NOT NULL AND sj.job_status IS DISTINCT FROM 'INITIAL'
GROUP BY k.sink_id
HAVING count(f.fragment_id) <> 1
UNION ALL
SELECT 'sink-into-table-invalid', k.sink_id, 'missing target table ' || k.target_table
FROM sink k
LEFT JOIN streaming_job sj ON sj.job_id = k.sink_id
WHERE k.target_table IS NOT NULL AND sj.job_status IS DISTINCT FROM 'INITIAL'
  AND NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = k.target_table)
UNION ALL
SELECT 'sink-into-table-invalid', f.job_id, 'downstream edges of sink fragment ' || f.fragment_id || ': ' || count(*)
FROM fragment f
JOIN sink k ON k.sink_id = f.job_id
LEFT JOIN streaming_job sj ON sj.job_id = k.sink_id
JOIN fragment_relation r ON r.source_fragment_id = f.fragment_id
WHERE (f.fragment_type_mask & 4) <> 0 AND sj.job_status IS DISTINCT FROM 'INITIAL'
GROUP BY f.job_id, f.fragment_id
HAVING count(*) > 1
UNION ALL
SELECT 'sink-into-table-invalid', f.job_id, 'upstream sink union fragments: ' || count(*)
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE (f.fragment_type_mask & 65536) <> 0 AND sj.job_status <> 'INITIAL'
GROUP BY f.job_id
HAVING count(*) > 1;

-- pending-sink-state-orphaned: pending_sink_state rows of an id that is not a sink, or with an
-- unknown sink_state; PENDING rows of a sink whose Sink fragment lists no state table.
SELECT 'pending-sink-state-orphaned', p.sink_id, count(*)
FROM pending_sink_state p
WHERE p.sink_state NOT IN ('PENDING', 'COMMITTED', 'ABORTED')
   OR NOT EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = p.sink_id)
GROUP BY p.sink_id
UNION ALL
SELECT 'pending-sink-state-orphaned', f.job_id, count(*)
FROM fragment f
JOIN (SELECT DISTINCT sink_id FROM pending_sink_state WHERE sink_state = 'PENDING') AS p
  ON p.sink_id = f.job_id
WHERE (f.fragment_type_mask & 4) <> 0
GROUP BY f.job_id
HAVING NOT coalesce(bool_or(jsonb_typeof(f.state_table_ids) = 'array' AND f.state_table_ids <> '[]'), false);

-- subscription-invalid: a subscription whose upstream is not a table row, or whose state is
-- not CREATED (2).
SELECT 'subscription-invalid', x.subscription_id, x.dependent_table_id, x.subscription_state
FROM subscription x
WHERE NOT EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = x.dependent_table_id)
   OR x.subscription_state IS DISTINCT FROM 2;

COMMIT;
