-- id: system-parameter-invalid
-- title: a system parameter without a default is missing, or a value does not parse as its type
-- invariant: N6
-- severity: critical
-- consequence: panic
-- repairs: manual
-- requires: system_parameter
-- meta-node: an unparsable value panics the meta node at every start (system_params_from_db unwraps the parse); a missing use_new_object_prefix_strategy is re-initialised as for an old cluster, and hummock looks for its objects under the wrong paths
-- explain:
--   The meta node reads every row of system_parameter at startup and parses the value of
--   each parameter it knows as that parameter's type (system_params_from_db in
--   src/meta/src/controller/system_param.rs: model.value.parse::<type>().unwrap()). A
--   value that does not parse panics the meta node on every start: a crash loop (critical).
--   The types (src/common/src/system_param/mod.rs, for_all_params): barrier_interval_ms,
--   sstable_size_mb, parallel_compact_size_mb, block_size_kb and
--   max_concurrent_creating_streaming_jobs are u32 (digits, an optional +, at most
--   4294967295); checkpoint_frequency and time_travel_retention_ms are u64; bool parameters
--   (pause_on_next_bootstrap, enable_tracing, use_new_object_prefix_strategy,
--   per_database_isolation, enforce_secret) are exactly true or false; bloom_false_positive
--   is f64. String parameters always parse. Names the meta node does not know are ignored
--   (it warns), as they are here.
--   Five parameters have no default: state_store, data_directory, backup_storage_url,
--   backup_storage_directory and use_new_object_prefix_strategy. A missing row takes the
--   value of the meta node's configuration at the next start (merge_params), and without
--   one the meta node does not start (check_missing_params) (warning). A missing
--   use_new_object_prefix_strategy is worse: an existing cluster derives it as false
--   (not its first launch), so hummock reads its objects under the other prefix layout,
--   SSTs come back NotFound and recovery is stuck (#19865; critical).
--   This happens after a hand edit of the table or a partial restore of the meta store.
--   What to do: put back the row (or the value) the cluster was created with, from a
--   backup of the meta store or the meta node's configuration; never guess
--   use_new_object_prefix_strategy: the object store's layout decides it. On the object
--   stores RisingWave reaches through OpenDAL (GCS, Azure Blob, OSS, HDFS, ...) true puts
--   each object under a numeric directory 0/ to 255/ of the data directory, false does not
--   (src/object_store/src/object/prefix.rs); its S3 engine uses those directories either
--   way.
WITH value_type(name, type) AS (
    VALUES ('barrier_interval_ms', 'u32'), ('sstable_size_mb', 'u32'), ('parallel_compact_size_mb', 'u32'),
           ('block_size_kb', 'u32'), ('max_concurrent_creating_streaming_jobs', 'u32'),
           ('checkpoint_frequency', 'u64'), ('time_travel_retention_ms', 'u64'),
           ('pause_on_next_bootstrap', 'bool'), ('enable_tracing', 'bool'),
           ('use_new_object_prefix_strategy', 'bool'), ('per_database_isolation', 'bool'),
           ('enforce_secret', 'bool'), ('bloom_false_positive', 'f64')
),
-- what Rust's FromStr accepts for each type; the digits are compared as numeric only once
-- the CASE has seen that they are digits
digits AS (
    SELECT p.name, p.value, v.type,
           p.value ~ '^\+?[0-9]+$' AS is_digits,
           coalesce(nullif(ltrim(ltrim(p.value, '+'), '0'), ''), '0') AS significant
    FROM system_parameter p
    JOIN value_type v ON v.name = p.name
),
unparsable AS (
    SELECT d.name, d.value, d.type
    FROM digits d
    WHERE CASE d.type
            WHEN 'u32' THEN CASE WHEN d.is_digits AND length(d.significant) <= 10
                                 THEN d.significant::numeric > 4294967295 ELSE true END
            WHEN 'u64' THEN CASE WHEN d.is_digits AND length(d.significant) <= 20
                                 THEN d.significant::numeric > 18446744073709551615 ELSE true END
            WHEN 'bool' THEN d.value NOT IN ('true', 'false')
            WHEN 'f64' THEN d.value !~* '^[+-]?((([0-9]+\.?[0-9]*)|(\.[0-9]+))(e[+-]?[0-9]+)?|inf|infinity|nan)$'
          END
),
without_default(name, severity, consequence) AS (
    VALUES ('state_store', 'warning', 'recovery-error'), ('data_directory', 'warning', 'recovery-error'),
           ('backup_storage_url', 'warning', 'recovery-error'), ('backup_storage_directory', 'warning', 'recovery-error'),
           ('use_new_object_prefix_strategy', 'critical', 'recovery-error')
)
SELECT NULL::integer AS object_id,
       NULL::integer AS job_id,
       NULL::integer AS fragment_id,
       format('%s = %s is not a %s: the meta node panics parsing it at every start',
              u.name, quote_literal(u.value), u.type) AS message,
       'critical' AS severity,
       'panic' AS consequence
FROM unparsable u
UNION ALL
SELECT NULL::integer, NULL::integer, NULL::integer,
       CASE WHEN w.name = 'use_new_object_prefix_strategy'
            THEN 'use_new_object_prefix_strategy is missing: the next start takes it as false, and if the '
                 'cluster was created with true, hummock looks for its objects under the wrong paths'
            ELSE format('%s is missing: the next start takes it from the meta node''s configuration, and '
                        'without one the meta node does not start', w.name)
       END,
       w.severity,
       w.consequence
FROM without_default w
WHERE NOT EXISTS (SELECT 1 FROM system_parameter p WHERE p.name = w.name)
ORDER BY 4;
