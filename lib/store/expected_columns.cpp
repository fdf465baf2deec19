#include "store/expected_columns.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <vector>

namespace rwdoctor::store {

namespace {

// PostgreSQL's spelling (format_type) of what sea-query 0.30/0.32 emit: string() is varchar,
// string_len(n) varchar(n), json_binary() jsonb, json() json, blob()/binary()/rw_binary() bytea,
// rw_long_text() and text() text, date_time() timestamp, an auto-increment integer key serial.
constexpr std::string_view k_integer = "integer";
constexpr std::string_view k_bigint = "bigint";
constexpr std::string_view k_smallint = "smallint";
constexpr std::string_view k_boolean = "boolean";
constexpr std::string_view k_varchar = "character varying";
constexpr std::string_view k_varchar_255 = "character varying(255)";
constexpr std::string_view k_varchar_1000 = "character varying(1000)";
constexpr std::string_view k_text = "text";
constexpr std::string_view k_bytea = "bytea";
constexpr std::string_view k_jsonb = "jsonb";
constexpr std::string_view k_json = "json";
constexpr std::string_view k_uuid = "uuid";
constexpr std::string_view k_timestamp = "timestamp without time zone";
constexpr std::string_view k_timestamptz = "timestamp with time zone";

constexpr bool k_not_null = true;
constexpr bool k_null = false;

// The last migration v2.2 added. A store without it was initialised by v2.1 or older, whose init
// and subscription_partial_ckpt sources created function.body and subscription.definition as
// string(); v2.2 (RisingWave PR #19156) changed those sources to rw_long_text() and added no
// migration for existing stores. So a store with it may have either type: text if v2.2 or later
// initialised it, character varying if an older release did and it was upgraded since.
constexpr std::string_view k_v2_2_complete = "m20241125_043732_connection_params";

constexpr std::string_view k_remove_parallel_unit = "m20240630_131430_remove_parallel_unit";
constexpr std::string_view k_subscription_v2 = "m20240506_112555_subscription_partial_ckpt";

// One state of a column. `since`: the migration that adds the column or gives it this type or
// nullability ("" = the table's creating migration); `until`: the migration that drops it or
// changes it again ("" = never). A column that changed has consecutive states. `legacy_type`: as
// in ExpectedColumn.
struct ColumnState
{
  std::string_view name;
  std::string_view type;
  bool not_null;
  std::string_view since = {};
  std::string_view until = {};
  std::string_view legacy_type = {};
};

struct TableHistory
{
  std::string_view name;
  std::string_view created_by;
  std::string_view dropped_by;
  std::vector<ColumnState> columns;
};

// Facts from src/meta/model/migration/src (model_v2 up to v2.0) at each release tag, read
// against sql/schema/*.sql, which transcribe five generations; the unit test proves the five.
// Only the PostgreSQL branch of each migration counts: several alter MySQL alone
// (system_param_value, unnecessary_fk, mysql_utf8mb4).
const std::vector<TableHistory>&
history()
{
  static const std::vector<TableHistory> tables = {
    // The meta node's own tables: seaql_migrations by sea-orm-migration's Migrator::install, the
    // election tables at start-up (src/meta/src/rpc/election/sql.rs). Expected with the init's.
    {"seaql_migrations", migration::init, "", {
      {"version", k_varchar, k_not_null},
      {"applied_at", k_bigint, k_not_null},
    }},
    {"election_member", migration::init, "", {
      {"service", k_varchar, k_not_null},
      {"id", k_varchar, k_not_null},
      {"last_heartbeat", k_timestamptz, k_null},
    }},
    {"election_leader", migration::init, "", {
      {"service", k_varchar, k_not_null},
      {"id", k_varchar, k_null},
      {"last_heartbeat", k_timestamptz, k_null},
    }},
    {"cluster", migration::init, "", {
      {"cluster_id", k_uuid, k_not_null},
      {"created_at", k_timestamp, k_not_null},
    }},
    {"worker", migration::init, "", {
      {"worker_id", k_integer, k_not_null},
      {"worker_type", k_varchar, k_not_null},
      {"host", k_varchar, k_not_null},
      {"port", k_integer, k_not_null},
      {"status", k_varchar, k_not_null},
      {"transaction_id", k_integer, k_null},
    }},
    {"worker_property", migration::init, "", {
      {"worker_id", k_integer, k_not_null},
      {"parallel_unit_ids", k_jsonb, k_not_null, "", k_remove_parallel_unit},
      {"is_streaming", k_boolean, k_not_null},
      {"is_serving", k_boolean, k_not_null},
      {"is_unschedulable", k_boolean, k_not_null},
      {"parallelism", k_integer, k_null, k_remove_parallel_unit},
      {"internal_rpc_host_addr", k_varchar, k_null, "m20240726_063833_auto_schema_change"},
      // only v2.2 stores have it: v2.3's resource_group migration drops it first thing
      {"label", k_varchar, k_null, "m20241022_072553_node_label", "m20241202_071413_resource_group"},
      {"resource_group", k_varchar, k_null, "m20241202_071413_resource_group"},
      {"is_iceberg_compactor", k_boolean, k_not_null, "m20251126_093529_add_is_iceberg_compactor"},
      {"resource", k_bytea, k_null, "m20260804_000000_worker_property_resource"},
      {"started_at", k_bigint, k_null, "m20260804_000000_worker_property_resource"},
    }},
    {"user", migration::init, "", {
      {"user_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"is_super", k_boolean, k_not_null},
      {"can_create_db", k_boolean, k_not_null},
      {"can_create_user", k_boolean, k_not_null},
      {"can_login", k_boolean, k_not_null},
      {"auth_info", k_bytea, k_null},
      {"is_admin", k_boolean, k_not_null, "m20250810_000000_add_user_admin_field"},
    }},
    {"object", migration::init, "", {
      {"oid", k_integer, k_not_null},
      {"obj_type", k_varchar, k_not_null},
      {"owner_id", k_integer, k_not_null},
      {"schema_id", k_integer, k_null},
      {"database_id", k_integer, k_null},
      {"initialized_at", k_timestamp, k_not_null},
      {"created_at", k_timestamp, k_not_null},
      {"initialized_at_cluster_version", k_varchar, k_null},
      {"created_at_cluster_version", k_varchar, k_null},
      {"belong_to_oid", k_integer, k_null, migration::object_belong_to_oid},
    }},
    {"user_privilege", migration::init, "", {
      {"id", k_integer, k_not_null},
      {"dependent_id", k_integer, k_null},
      {"user_id", k_integer, k_not_null},
      {"oid", k_integer, k_not_null},
      {"granted_by", k_integer, k_not_null},
      {"action", k_varchar, k_not_null},
      {"with_grant_option", k_boolean, k_not_null},
    }},
    {"object_dependency", migration::init, "", {
      {"id", k_integer, k_not_null},
      {"oid", k_integer, k_not_null},
      {"used_by", k_integer, k_not_null},
    }},
    {"database", migration::init, "", {
      {"database_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"resource_group", k_varchar, k_not_null, "m20241202_071413_resource_group"},
      {"barrier_interval_ms", k_integer, k_null, "m20250528_064717_barrier_interval_per_database"},
      {"checkpoint_frequency", k_bigint, k_null, "m20250528_064717_barrier_interval_per_database"},
    }},
    {"schema", migration::init, "", {
      {"schema_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
    }},
    {"streaming_job", migration::init, "", {
      {"job_id", k_integer, k_not_null},
      {"job_status", k_varchar, k_not_null},
      {"create_type", k_varchar, k_not_null},
      {"timezone", k_varchar, k_null},
      {"parallelism", k_jsonb, k_not_null},
      {"max_parallelism", k_integer, k_not_null, "m20240911_083152_variable_vnode_count"},
      {"specific_resource_group", k_varchar, k_null, "m20241202_071413_resource_group"},
      {"config_override", k_text, k_null, "m20251112_114514_streaming_job_config_override"},
      {"backfill_parallelism", k_jsonb, k_null, "m20251130_120000_streaming_job_backfill_parallelism"},
      {"adaptive_parallelism_strategy", k_varchar, k_null, "m20251215_000000_streaming_job_parallelism_strategy"},
      {"is_serverless_backfill", k_boolean, k_not_null, "m20260119_153927_streaming_job_is_serverless_backfill"},
      {"backfill_orders", k_jsonb, k_null, "m20260120_120000_streaming_job_backfill_orders"},
      {"backfill_adaptive_parallelism_strategy", k_varchar, k_null,
       "m20260312_000000_streaming_job_backfill_parallelism_strategy"},
      {"refresh_interval_sec", k_bigint, k_null, "m20260519_000000_streaming_job_batch_refresh_seconds"},
    }},
    {"fragment", migration::init, "", {
      {"fragment_id", k_integer, k_not_null},
      {"job_id", k_integer, k_not_null},
      {"fragment_type_mask", k_integer, k_not_null},
      {"distribution_type", k_varchar, k_not_null},
      {"stream_node", k_bytea, k_not_null},
      {"vnode_mapping", k_bytea, k_not_null, "", k_remove_parallel_unit},
      {"state_table_ids", k_jsonb, k_null},
      {"upstream_fragment_id", k_jsonb, k_null},
      {"vnode_count", k_integer, k_not_null, "m20240911_083152_variable_vnode_count"},
      {"parallelism", k_jsonb, k_null, migration::fragment_parallelism},
    }},
    // never dropped: stale from v2.7 on, but still there
    {"actor", migration::init, "", {
      {"actor_id", k_integer, k_not_null},
      {"fragment_id", k_integer, k_not_null},
      {"status", k_varchar, k_not_null},
      {"splits", k_bytea, k_null},
      {"parallel_unit_id", k_integer, k_not_null, "", k_remove_parallel_unit},
      {"worker_id", k_integer, k_not_null},
      {"upstream_actor_ids", k_jsonb, k_null},
      {"vnode_bitmap", k_bytea, k_null},
      {"expr_context", k_bytea, k_not_null},
    }},
    {"actor_dispatcher", migration::init, migration::remove_dispatcher, {
      {"id", k_integer, k_not_null},
      {"actor_id", k_integer, k_not_null},
      {"dispatcher_type", k_varchar, k_not_null},
      {"dist_key_indices", k_jsonb, k_not_null},
      {"output_indices", k_jsonb, k_not_null},
      {"hash_mapping", k_bytea, k_null},
      {"dispatcher_id", k_integer, k_not_null},
      {"downstream_actor_ids", k_jsonb, k_not_null},
      {"downstream_table_name", k_varchar, k_null},
    }},
    {"connection", migration::init, "", {
      {"connection_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"info", k_bytea, k_not_null},
      {"params", k_bytea, k_not_null, "m20241125_043732_connection_params"},
    }},
    {"source", migration::init, "", {
      {"source_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"row_id_index", k_integer, k_null},
      {"columns", k_bytea, k_not_null},
      {"pk_column_ids", k_jsonb, k_not_null},
      {"with_properties", k_jsonb, k_not_null},
      {"definition", k_text, k_not_null},
      {"source_info", k_bytea, k_null},
      {"watermark_descs", k_bytea, k_not_null},
      {"optional_associated_table_id", k_integer, k_null},
      {"connection_id", k_integer, k_null},
      {"version", k_bigint, k_not_null},
      {"secret_ref", k_bytea, k_null, "m20240525_090457_secret"},
      {"rate_limit", k_integer, k_null, "m20240806_143329_add_rate_limit_to_source_catalog"},
      {"refresh_mode", k_bytea, k_null, "m20251022_294610_source_refresh_mode"},
    }},
    {"table", migration::init, "", {
      {"table_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"optional_associated_source_id", k_integer, k_null},
      {"table_type", k_varchar, k_not_null},
      {"belongs_to_job_id", k_integer, k_null},
      {"columns", k_bytea, k_not_null},
      {"pk", k_bytea, k_not_null},
      {"distribution_key", k_jsonb, k_not_null},
      {"stream_key", k_jsonb, k_not_null},
      {"append_only", k_boolean, k_not_null},
      {"fragment_id", k_integer, k_null},
      {"vnode_col_index", k_integer, k_null},
      {"row_id_index", k_integer, k_null},
      {"value_indices", k_jsonb, k_not_null},
      {"definition", k_text, k_not_null},
      {"handle_pk_conflict_behavior", k_varchar, k_not_null},
      {"read_prefix_len_hint", k_integer, k_not_null},
      {"watermark_indices", k_jsonb, k_not_null},
      {"dist_key_in_pk", k_jsonb, k_not_null},
      {"dml_fragment_id", k_integer, k_null},
      {"cardinality", k_bytea, k_null},
      {"cleaned_by_watermark", k_boolean, k_not_null},
      {"description", k_varchar, k_null},
      {"version", k_bytea, k_null},
      {"retention_seconds", k_integer, k_null},
      {"incoming_sinks", k_jsonb, k_not_null, "", "m20250905_144810_deprecate_table_incoming_sinks"},
      {"version_column_index", k_integer, k_null, "m20240410_082733_with_version_column_migration"},
      {"cdc_table_id", k_varchar, k_null, "m20240726_063833_auto_schema_change"},
      {"vnode_count", k_integer, k_not_null, "m20240911_083152_variable_vnode_count"},
      {"webhook_info", k_bytea, k_null, "m20241001_013810_webhook_source"},
      {"engine", k_varchar, k_null, "m20241121_101830_table_engine"},
      {"clean_watermark_index_in_pk", k_integer, k_null, "m20241226_074013_clean_watermark_index_in_pk"},
      {"refreshable", k_boolean, k_not_null, "m20250722_155040_table_refreshable"},
      {"vector_index_info", k_bytea, k_null, "m20250729_174630_add_vector_index_info"},
      {"version_column_indices", k_jsonb, k_null, "m20250819_014448_add_version_column_indices_to_table"},
      {"cdc_table_type", k_varchar, k_null, "m20250820_120000_add_cdc_table_type"},
      // added and dropped within v2.7's set: a store only has it in the middle of that upgrade
      {"refresh_state", k_varchar, k_null, "m20250916_120000_add_refresh_fields", "m20251030_120000_refresh_jobs"},
      {"clean_watermark_indices", k_json, k_null, "m20251208_134652_clean_watermark_indices"},
    }},
    {"sink", migration::init, "", {
      {"sink_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"columns", k_bytea, k_not_null},
      {"plan_pk", k_bytea, k_not_null},
      {"distribution_key", k_jsonb, k_not_null},
      {"downstream_pk", k_jsonb, k_not_null},
      {"sink_type", k_varchar, k_not_null},
      {"properties", k_jsonb, k_not_null},
      {"definition", k_text, k_not_null},
      {"connection_id", k_integer, k_null},
      {"db_name", k_varchar, k_not_null},
      {"sink_from_name", k_varchar, k_not_null},
      {"sink_format_desc", k_bytea, k_null},
      {"target_table", k_integer, k_null},
      {"secret_ref", k_bytea, k_null, "m20240525_090457_secret"},
      {"original_target_columns", k_bytea, k_null, "m20240617_071625_sink_into_table_column"},
      {"auto_refresh_schema_from_table", k_integer, k_null, "m20250710_065220_sink_auto_refresh_schema"},
      {"ignore_delete", k_boolean, k_not_null, "m20251231_000000_sink_ignore_delete"},
    }},
    {"view", migration::init, "", {
      {"view_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"properties", k_jsonb, k_not_null},
      {"definition", k_text, k_not_null},
      {"columns", k_bytea, k_not_null},
    }},
    {"index", migration::init, "", {
      {"index_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"index_table_id", k_integer, k_not_null},
      {"primary_table_id", k_integer, k_not_null},
      {"index_items", k_bytea, k_not_null},
      {"index_columns_len", k_integer, k_not_null},
      {"index_column_properties", k_bytea, k_null, "m20240617_070131_index_column_properties"},
    }},
    {"function", migration::init, "", {
      {"function_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"arg_names", k_varchar, k_not_null},
      {"arg_types", k_bytea, k_not_null},
      {"return_type", k_bytea, k_not_null},
      {"language", k_varchar, k_not_null},
      {"link", k_varchar, k_null},
      // renamed, not re-created: the type stays
      {"identifier", k_varchar, k_null, "", "m20250121_085800_change_wasm_udf_identifier"},
      {"name_in_runtime", k_varchar, k_null, "m20250121_085800_change_wasm_udf_identifier"},
      {"body", k_varchar, k_null, "", k_v2_2_complete},
      {"body", k_text, k_null, k_v2_2_complete, "", k_varchar},
      // ALTER COLUMN ... TYPE bytea on PostgreSQL
      {"compressed_binary", k_varchar, k_null, "", "m20240618_072634_function_compressed_binary"},
      {"compressed_binary", k_bytea, k_null, "m20240618_072634_function_compressed_binary"},
      {"kind", k_varchar, k_not_null},
      {"always_retry_on_network_error", k_boolean, k_not_null},
      {"runtime", k_varchar, k_null, "m20240418_142249_function_runtime"},
      {"function_type", k_varchar, k_null, "m20240418_142249_function_runtime",
       "m20241115_085007_remove_function_type"},
      {"options", k_jsonb, k_null, "m20250210_170743_function_options"},
    }},
    {"system_parameter", migration::init, "", {
      {"name", k_varchar, k_not_null},
      {"value", k_varchar, k_not_null},
      {"is_mutable", k_boolean, k_not_null},
      {"description", k_varchar, k_null},
    }},
    {"catalog_version", migration::init, "", {
      {"name", k_varchar, k_not_null},
      {"version", k_bigint, k_not_null},
    }},
    {"compaction_task", "m20231008_020431_hummock", "", {
      {"id", k_bigint, k_not_null},
      {"task", k_bytea, k_not_null},
      {"context_id", k_integer, k_not_null},
    }},
    {"compaction_config", "m20231008_020431_hummock", "", {
      {"compaction_group_id", k_bigint, k_not_null},
      {"config", k_bytea, k_null},
    }},
    {"compaction_status", "m20231008_020431_hummock", "", {
      {"compaction_group_id", k_bigint, k_not_null},
      {"status", k_bytea, k_null},
    }},
    {"hummock_pinned_version", "m20231008_020431_hummock", "", {
      {"context_id", k_integer, k_not_null},
      {"min_pinned_id", k_bigint, k_not_null},
    }},
    {"hummock_pinned_snapshot", "m20231008_020431_hummock", "", {
      {"context_id", k_integer, k_not_null},
      {"min_pinned_snapshot", k_bigint, k_not_null},
    }},
    {"hummock_version_delta", "m20231008_020431_hummock", "", {
      {"id", k_bigint, k_not_null},
      {"prev_id", k_bigint, k_not_null},
      {"max_committed_epoch", k_bigint, k_not_null},
      {"safe_epoch", k_bigint, k_not_null},
      {"trivial_move", k_boolean, k_not_null},
      {"full_version_delta", k_bytea, k_null},
    }},
    {"hummock_version_stats", "m20231008_020431_hummock", "", {
      {"id", k_bigint, k_not_null},
      {"stats", k_jsonb, k_not_null},
    }},
    {"hummock_sequence", "m20231008_020431_hummock", "", {
      {"name", k_varchar, k_not_null},
      {"seq", k_bigint, k_not_null},
    }},
    // subscription_partial_ckpt drops the table and creates it anew with other columns
    {"subscription", "m20240304_074901_subscription", "", {
      {"subscription_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"columns", k_bytea, k_not_null, "", k_subscription_v2},
      {"plan_pk", k_bytea, k_not_null, "", k_subscription_v2},
      {"distribution_key", k_jsonb, k_not_null, "", k_subscription_v2},
      {"properties", k_jsonb, k_not_null, "", k_subscription_v2},
      {"definition", k_varchar, k_not_null, "", k_v2_2_complete},
      {"definition", k_text, k_not_null, k_v2_2_complete, "", k_varchar},
      {"subscription_from_name", k_varchar, k_not_null, "", k_subscription_v2},
      {"subscription_internal_table_name", k_varchar, k_null, "m20240417_062305_subscription_internal_table_name",
       k_subscription_v2},
      {"retention_seconds", k_bigint, k_null, k_subscription_v2},
      {"subscription_state", k_integer, k_null, k_subscription_v2},
      {"dependent_table_id", k_integer, k_not_null, k_subscription_v2},
    }},
    {"session_parameter", "m20240410_154406_session_params", "", {
      {"name", k_varchar, k_not_null},
      {"value", k_varchar, k_not_null},
      {"description", k_text, k_null},
    }},
    {"secret", "m20240525_090457_secret", "", {
      {"secret_id", k_integer, k_not_null},
      {"name", k_varchar, k_not_null},
      {"value", k_bytea, k_not_null},
    }},
    {"hummock_sstable_info", "m20240701_060504_hummock_time_travel", "", {
      {"sst_id", k_bigint, k_not_null},
      {"object_id", k_bigint, k_not_null},
      {"sstable_info", k_bytea, k_null},
    }},
    {"hummock_time_travel_version", "m20240701_060504_hummock_time_travel", "", {
      {"version_id", k_bigint, k_not_null},
      {"version", k_bytea, k_null},
    }},
    {"hummock_time_travel_delta", "m20240701_060504_hummock_time_travel", "", {
      {"version_id", k_bigint, k_not_null},
      {"version_delta", k_bytea, k_null},
    }},
    {"hummock_epoch_to_version", "m20240701_060504_hummock_time_travel", "", {
      {"epoch", k_bigint, k_not_null},
      {"version_id", k_bigint, k_not_null},
      // added nullable, then NOT NULL through the new primary key (epoch, table_id)
      {"table_id", k_bigint, k_not_null, "m20240820_081248_add_time_travel_per_table_epoch"},
    }},
    {"hummock_gc_history", "m20241016_065621_hummock_gc_history", "", {
      {"object_id", k_bigint, k_not_null},
      {"mark_delete_at", k_timestamp, k_not_null},
    }},
    {"fragment_relation", migration::fragment_relation, "", {
      {"source_fragment_id", k_integer, k_not_null},
      {"target_fragment_id", k_integer, k_not_null},
      {"dispatcher_type", k_varchar, k_not_null},
      {"dist_key_indices", k_jsonb, k_not_null},
      {"output_indices", k_jsonb, k_not_null},
      {"output_type_mapping", k_bytea, k_null, "m20250514_114514_dispatcher_type_mapping"},
    }},
    {"exactly_once_iceberg_sink_metadata", "m20250325_061743_exactly_once_iceberg_sink_metadata", "", {
      {"sink_id", k_integer, k_not_null},
      {"end_epoch", k_bigint, k_not_null},
      {"start_epoch", k_bigint, k_not_null},
      {"metadata", k_bytea, k_not_null},
      {"snapshot_id", k_bigint, k_not_null},
      {"committed", k_boolean, k_not_null},
    }},
    {"iceberg_tables", "m20250522_074525_iceberg_tables", "", {
      {"catalog_name", k_varchar_255, k_not_null},
      {"table_namespace", k_varchar_255, k_not_null},
      {"table_name", k_varchar_255, k_not_null},
      {"metadata_location", k_varchar_1000, k_null},
      {"previous_metadata_location", k_varchar_1000, k_null},
    }},
    {"iceberg_namespace_properties", "m20250522_074947_iceberg_namespace_properties", "", {
      {"catalog_name", k_varchar_255, k_not_null},
      {"namespace", k_varchar_255, k_not_null},
      {"property_key", k_varchar_255, k_not_null},
      {"property_value", k_varchar_1000, k_null},
    }},
    {"user_default_privilege", "m20250603_084830_default_privilege", "", {
      {"id", k_integer, k_not_null},
      {"database_id", k_integer, k_not_null},
      {"schema_id", k_integer, k_null},
      {"object_type", k_varchar, k_not_null},
      {"for_materialized_view", k_boolean, k_not_null},
      {"user_id", k_integer, k_not_null},
      {"grantee", k_integer, k_not_null},
      {"granted_by", k_integer, k_not_null},
      {"action", k_varchar, k_not_null},
      {"with_grant_option", k_boolean, k_not_null},
    }},
    {"cdc_table_snapshot_splits", "m20250702_062029_cdc_table_snapshot_splits", "", {
      {"table_id", k_integer, k_not_null},
      {"split_id", k_bigint, k_not_null},
      {"left", k_bytea, k_not_null},
      {"right", k_bytea, k_not_null},
      {"is_backfill_finished", k_smallint, k_not_null, "m20250821_081110_cdc_table_snapshot_splits_add_column"},
    }},
    {"fragment_splits", migration::fragment_splits, "", {
      {"fragment_id", k_integer, k_not_null},
      {"splits", k_bytea, k_null},
    }},
    {"refresh_job", "m20251030_120000_refresh_jobs", "", {
      {"table_id", k_integer, k_not_null},
      {"last_trigger_time", k_bigint, k_null},
      {"trigger_interval_secs", k_bigint, k_null},
      {"current_status", k_varchar, k_not_null},
      {"last_success_time", k_bigint, k_null},
    }},
    {"pending_sink_state", migration::pending_sink_state, "", {
      {"sink_id", k_integer, k_not_null},
      {"epoch", k_bigint, k_not_null},
      {"sink_state", k_varchar, k_not_null},
      {"metadata", k_bytea, k_null},
      {"schema_change", k_bytea, k_null, "m20251224_142321_sink_schema_change"},
    }},
    {"hummock_table_change_log", "m20251223_064450_table_change_log", "", {
      {"table_id", k_integer, k_not_null},
      {"checkpoint_epoch", k_bigint, k_not_null},
      {"non_checkpoint_epochs", k_jsonb, k_not_null},
      {"new_value_sst", k_bytea, k_not_null},
      {"old_value_sst", k_bytea, k_not_null},
    }},
  };
  return tables;
}

// True when the state that `since` opens and `until` closes holds in `generation`.
bool
holds(const Generation& generation, std::string_view since, std::string_view until)
{
  return (since.empty() || generation.has(since)) && (until.empty() || !generation.has(until));
}

} // namespace

std::vector<ExpectedColumn>
expected_columns(const Generation& generation)
{
  std::vector<ExpectedColumn> columns;
  for (const auto& table : history()) {
    if (!holds(generation, table.created_by, table.dropped_by)) {
      continue;
    }
    for (const auto& column : table.columns) {
      if (holds(generation, column.since, column.until)) {
        columns.push_back({table.name, column.name, column.type, column.not_null, column.legacy_type});
      }
    }
  }
  std::sort(columns.begin(), columns.end(), [](const ExpectedColumn& a, const ExpectedColumn& b) {
    return std::tie(a.table, a.column) < std::tie(b.table, b.column);
  });
  return columns;
}

} // namespace rwdoctor::store
