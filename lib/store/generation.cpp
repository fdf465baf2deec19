#include "store/generation.hpp"

#include <algorithm>
#include <array>

namespace rwdoctor::store {

namespace {

// One migration set and the migrations it added over the previous row of the table. The label
// names the releases that ship exactly that set: a minor version ("v2.8") when all its patch
// releases do, a patch range ("v3.0.1–v3.0.3") when a patch release added migrations.
struct Release
{
  std::string_view label;
  std::vector<std::string_view> added;
};

// Facts from rw-meta-schema.md §3.2/§3.3, checked against the migration list at each release tag
// (src/meta/model/migration/src/lib.rs). Patch releases add no migrations except v2.4.1 (two
// iceberg tables) and v3.0.1 (pending_sink_state's foreign key). That foreign key was also
// cherry-picked to the 2.8 branch after v2.8.5: such a store lacks v3.0's set and reads "v2.8",
// while every check that depends on the foreign key asks for the migration, not the label.
const std::vector<Release>&
releases()
{
  static const std::vector<Release> table = {
    {"v2.0",
     {"m20230908_072257_init", "m20231008_020431_hummock", "m20240304_074901_subscription",
      "m20240410_082733_with_version_column_migration", "m20240410_154406_session_params",
      "m20240417_062305_subscription_internal_table_name", "m20240418_142249_function_runtime",
      "m20240506_112555_subscription_partial_ckpt", "m20240525_090457_secret",
      "m20240617_070131_index_column_properties", "m20240617_071625_sink_into_table_column",
      "m20240618_072634_function_compressed_binary", "m20240630_131430_remove_parallel_unit",
      "m20240701_060504_hummock_time_travel", "m20240702_080451_system_param_value",
      "m20240702_084927_unnecessary_fk", "m20240726_063833_auto_schema_change",
      "m20240806_143329_add_rate_limit_to_source_catalog"}},
    {"v2.1",
     {"m20240820_081248_add_time_travel_per_table_epoch", "m20240911_083152_variable_vnode_count",
      "m20241016_065621_hummock_gc_history", "m20241120_182555_hummock_add_time_travel_sst_index"}},
    {"v2.2",
     {"m20241001_013810_webhook_source", "m20241022_072553_node_label",
      "m20241025_062548_singleton_vnode_count", "m20241115_085007_remove_function_type",
      "m20241121_101830_table_engine", "m20241125_043732_connection_params"}},
    {"v2.3",
     {"m20241202_071413_resource_group", "m20241226_074013_clean_watermark_index_in_pk",
      "m20250106_072104_fragment_relation", "m20250121_085800_change_wasm_udf_identifier",
      "m20250210_170743_function_options", "m20250319_062702_mysql_utf8mb4"}},
    {"v2.4.0", {"m20250325_061743_exactly_once_iceberg_sink_metadata"}},
    {"v2.4.1–v2.4.4", {"m20250522_074525_iceberg_tables", "m20250522_074947_iceberg_namespace_properties"}},
    {"v2.5",
     {"m20250509_102041_remove_dispatcher", "m20250514_114514_dispatcher_type_mapping",
      "m20250528_064717_barrier_interval_per_database", "m20250603_084830_default_privilege"}},
    {"v2.6",
     {"m20250702_062029_cdc_table_snapshot_splits", "m20250710_065220_sink_auto_refresh_schema",
      "m20250722_155040_table_refreshable", "m20250729_174630_add_vector_index_info",
      "m20250810_000000_add_user_admin_field", "m20250819_014448_add_version_column_indices_to_table",
      "m20250820_120000_add_cdc_table_type", "m20250821_081110_cdc_table_snapshot_splits_add_column"}},
    {"v2.7",
     {"m20250905_144810_deprecate_table_incoming_sinks", "m20250916_120000_add_refresh_fields",
      "m20251005_000000_fragment_splits", "m20251016_220528_fragment_parallelism",
      "m20251022_294610_source_refresh_mode", "m20251030_120000_refresh_jobs"}},
    {"v2.8",
     {"m20251112_114514_streaming_job_config_override", "m20251124_195858_pending_sink_state",
      "m20251126_093529_add_is_iceberg_compactor", "m20251130_120000_streaming_job_backfill_parallelism",
      "m20251208_134652_clean_watermark_indices", "m20251215_000000_streaming_job_parallelism_strategy",
      "m20251224_142321_sink_schema_change", "m20251231_000000_sink_ignore_delete",
      "m20260119_153927_streaming_job_is_serverless_backfill",
      "m20260120_120000_streaming_job_backfill_orders"}},
    {"v3.0.0",
     {"m20251223_064450_table_change_log", "m20260311_000000_legacy_streaming_parallelism_session_params",
      "m20260312_000000_streaming_job_backfill_parallelism_strategy",
      "m20260518_000000_disable_unused_read_prefix_hints"}},
    {"v3.0.1–v3.0.3", {"m20260624_000000_pending_sink_state_object_fk"}},
    {"head",
     {"m20260519_000000_streaming_job_batch_refresh_seconds",
      "m20260705_000000_subscription_dependent_object_fk", "m20260804_000000_worker_property_resource",
      "m20260805_000000_object_belong_to_oid"}},
  };
  return table;
}

} // namespace

const std::vector<std::string_view>&
known_migrations()
{
  // Apply order of src/meta/model/migration/src/lib.rs at HEAD.
  static const std::vector<std::string_view> order = {
    "m20230908_072257_init", "m20231008_020431_hummock", "m20240304_074901_subscription",
    "m20240410_082733_with_version_column_migration", "m20240410_154406_session_params",
    "m20240417_062305_subscription_internal_table_name", "m20240418_142249_function_runtime",
    "m20240506_112555_subscription_partial_ckpt", "m20240525_090457_secret",
    "m20240617_070131_index_column_properties", "m20240617_071625_sink_into_table_column",
    "m20240618_072634_function_compressed_binary", "m20240630_131430_remove_parallel_unit",
    "m20240701_060504_hummock_time_travel", "m20240702_080451_system_param_value",
    "m20240702_084927_unnecessary_fk", "m20240726_063833_auto_schema_change",
    "m20240806_143329_add_rate_limit_to_source_catalog", "m20240820_081248_add_time_travel_per_table_epoch",
    "m20240911_083152_variable_vnode_count", "m20241001_013810_webhook_source",
    "m20241016_065621_hummock_gc_history", "m20241022_072553_node_label",
    "m20241025_062548_singleton_vnode_count", "m20241115_085007_remove_function_type",
    "m20241120_182555_hummock_add_time_travel_sst_index", "m20241121_101830_table_engine",
    "m20241125_043732_connection_params", "m20241202_071413_resource_group",
    "m20241226_074013_clean_watermark_index_in_pk", "m20250106_072104_fragment_relation",
    "m20250121_085800_change_wasm_udf_identifier", "m20250210_170743_function_options",
    "m20250319_062702_mysql_utf8mb4", "m20250325_061743_exactly_once_iceberg_sink_metadata",
    "m20250509_102041_remove_dispatcher", "m20250514_114514_dispatcher_type_mapping",
    "m20250522_074525_iceberg_tables", "m20250522_074947_iceberg_namespace_properties",
    "m20250528_064717_barrier_interval_per_database", "m20250603_084830_default_privilege",
    "m20250702_062029_cdc_table_snapshot_splits", "m20250710_065220_sink_auto_refresh_schema",
    "m20250722_155040_table_refreshable", "m20250729_174630_add_vector_index_info",
    "m20250810_000000_add_user_admin_field", "m20250819_014448_add_version_column_indices_to_table",
    "m20250820_120000_add_cdc_table_type", "m20250821_081110_cdc_table_snapshot_splits_add_column",
    "m20250905_144810_deprecate_table_incoming_sinks", "m20250916_120000_add_refresh_fields",
    "m20251005_000000_fragment_splits", "m20251016_220528_fragment_parallelism",
    "m20251022_294610_source_refresh_mode", "m20251030_120000_refresh_jobs",
    "m20251112_114514_streaming_job_config_override", "m20251126_093529_add_is_iceberg_compactor",
    "m20251124_195858_pending_sink_state", "m20251130_120000_streaming_job_backfill_parallelism",
    "m20251208_134652_clean_watermark_indices", "m20251215_000000_streaming_job_parallelism_strategy",
    "m20251223_064450_table_change_log", "m20251224_142321_sink_schema_change",
    "m20251231_000000_sink_ignore_delete", "m20260119_153927_streaming_job_is_serverless_backfill",
    "m20260120_120000_streaming_job_backfill_orders",
    "m20260311_000000_legacy_streaming_parallelism_session_params",
    "m20260312_000000_streaming_job_backfill_parallelism_strategy",
    "m20260518_000000_disable_unused_read_prefix_hints",
    "m20260519_000000_streaming_job_batch_refresh_seconds",
    "m20260624_000000_pending_sink_state_object_fk", "m20260705_000000_subscription_dependent_object_fk",
    "m20260804_000000_worker_property_resource", "m20260805_000000_object_belong_to_oid",
  };
  return order;
}

Generation
detect_generation(const std::vector<std::string>& applied)
{
  Generation generation;
  generation.migration_count = applied.size();
  generation.applied.insert(applied.begin(), applied.end());

  const auto& known = known_migrations();
  for (const auto& name : generation.applied) {
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      generation.unknown_migrations.push_back(name);
    }
  }

  generation.label = "unknown";
  for (const auto& release : releases()) {
    const bool complete = std::all_of(release.added.begin(), release.added.end(),
                                      [&](std::string_view name) { return generation.has(name); });
    if (!complete) {
      break;
    }
    generation.label = std::string(release.label);
  }
  return generation;
}

std::string
first_release_of(std::string_view migration)
{
  for (const auto& release : releases()) {
    if (std::find(release.added.begin(), release.added.end(), migration) != release.added.end()) {
      return std::string(release.label);
    }
  }
  return "unknown";
}

} // namespace rwdoctor::store

namespace rwdoctor::store {

std::vector<std::string>
expected_tables(const Generation& generation)
{
  std::vector<std::string> tables = {
    "object", "user", "database", "schema", "streaming_job", "fragment", "actor", "table", "source", "sink",
    "index", "view", "function", "connection", "object_dependency", "user_privilege", "subscription", "secret",
  };
  if (generation.has(migration::fragment_relation)) {
    tables.emplace_back("fragment_relation");
  }
  if (generation.has(migration::fragment_splits)) {
    tables.emplace_back("fragment_splits");
  }
  if (generation.has(migration::pending_sink_state)) {
    tables.emplace_back("pending_sink_state");
  }
  if (generation.has(migration::init) && !generation.has(migration::remove_dispatcher)) {
    tables.emplace_back("actor_dispatcher");
  }
  return tables;
}

} // namespace rwdoctor::store
