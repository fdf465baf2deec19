-- id: system-parameter-invalid
-- title: a system parameter without a default is missing, or a value does not parse as its type or fails the meta node's start-up validation
-- invariant: N6
-- severity: critical
-- consequence: panic
-- repairs: restore-rows manual
-- requires: system_parameter seaql_migrations
-- meta-node: an unparsable value panics the meta node at every start (system_params_from_db unwraps the parse), and from v2.5 a value that fails validate_init_system_params stops it at every start; a missing use_new_object_prefix_strategy is re-initialised as for an old cluster, and hummock looks for its objects under the wrong paths
-- explain:
--   The meta node reads every row of system_parameter at startup and parses the value of
--   each parameter it knows as that parameter's type (system_params_from_db:
--   model.value.parse::<type>().unwrap(),
--   src/meta/src/controller/system_param.rs:62 @ v2.3.0, @ v2.5.0 and @ v2.8.0). A value
--   that does not parse panics the meta node on every start: a crash loop (critical).
--   The types (src/common/src/system_param/mod.rs, for_all_params): barrier_interval_ms,
--   sstable_size_mb, parallel_compact_size_mb, block_size_kb and
--   max_concurrent_creating_streaming_jobs are u32 (digits, an optional +, at most
--   4294967295); checkpoint_frequency and time_travel_retention_ms are u64; bool parameters
--   (pause_on_next_bootstrap, enable_tracing, use_new_object_prefix_strategy,
--   per_database_isolation, enforce_secret) are exactly true or false; bloom_false_positive
--   is f64. String parameters always parse. Names the meta node does not know are ignored
--   (it warns), as they are here.
--   adaptive_parallelism_strategy is known from v2.3.0 to v2.8.x (mod.rs:97 @ v2.3.0 and
--   @ v2.8.5). Its parse (parse_strategy,
--   src/common/src/system_param/adaptive_parallelism_strategy.rs:83-141 @ v2.3.0,
--   :94-152 @ v2.8.0) accepts, in any letter case, auto, full, bounded(n) with n a
--   whole number from 1 to 18446744073709551615, and ratio(r) with r digits, an optional
--   sign and fraction, no exponent, that round as f32 into 0 to 1. Anything else, spaces
--   included, panics at the same unwrap: critical on a store with v2.3's migrations
--   (m20241202_071413_resource_group, src/meta/model/migration/src/lib.rs:107 @ v2.3.0).
--   An older store's meta node ignores the name, but an upgrade to v2.3-v2.8 would panic
--   (warning). v3.0.0's migration m20260311_000000_legacy_streaming_parallelism_session_params
--   moves the value into the session parameters and deletes the row
--   (delete_legacy_system_strategy, m20260311_000000_legacy_streaming_parallelism_session_params.rs:181-193
--   @ v3.0.0), and the name is no longer known: it is not judged on such a store.
--   From v2.5.0 the meta node also validates every parameter once merged with its
--   configuration, before it starts (SystemParamsController::new calls
--   validate_init_system_params, src/meta/src/controller/system_param.rs:146 @ v2.5.0 and
--   @ v3.0.3, :149 @ HEAD), and returns an error: the meta node exits at every start
--   (critical). The rules (src/common/src/system_param/mod.rs:411-426 and 441-475
--   @ v2.5.0, unchanged to HEAD): barrier_interval_ms at least 50, checkpoint_frequency at
--   least 1, backup_storage_url and backup_storage_directory not blank (Rust's trim, which
--   takes Unicode white space), time_travel_retention_ms 0 or at least 600000. Before
--   v2.5.0 the rules ran only on ALTER SYSTEM SET, and differently (v2.0 checked no
--   retention, v2.1 accepted 60000 and up; mod.rs:429-438 @ v2.4.0), so such a value is
--   legal on a store without v2.5's migrations (m20250509_102041_remove_dispatcher is the
--   first, src/meta/model/migration/src/lib.rs:121 @ v2.5.0) but an upgrade to v2.5 or later
--   will not start: a warning there, critical on a store with v2.5's migrations.
--   Five parameters have no default: state_store, data_directory, backup_storage_url,
--   backup_storage_directory and use_new_object_prefix_strategy. A missing row takes the
--   value of the meta node's configuration at the next start (merge_params), and without
--   one the meta node does not start (check_missing_params) (warning). A missing
--   use_new_object_prefix_strategy is worse: an existing cluster derives it as false
--   (not its first launch), so hummock reads its objects under the other prefix layout,
--   SSTs come back NotFound and recovery is stuck (#19865; critical).
--   This happens after a hand edit of the table, a partial restore of the meta store, or
--   (for the validation rules) a value set by ALTER SYSTEM on an older release.
--   What to do: put back the row (or the value) the cluster was created with, from a
--   backup of the meta store or the meta node's configuration (rwdoctor repair all --from
--   BACKUP sets a row live has to the backup's value when that one passes this check on the
--   backup, with an undo file; a missing row is put back by hand); a value that fails the
--   validation is changed to one that passes, by ALTER SYSTEM SET while the meta node still
--   runs an older release, or by an UPDATE of the row while it is stopped. Never guess
--   use_new_object_prefix_strategy: the object store's layout decides it. On the object
--   stores RisingWave reaches through OpenDAL (GCS, Azure Blob, OSS, HDFS, ...) true puts
--   each object under a numeric directory 0/ to 255/ of the data directory, false does not
--   (src/object_store/src/object/prefix.rs); its S3 engine uses those directories either
--   way.
WITH store AS (
    -- the releases the applied migrations show: v2.3 knows adaptive_parallelism_strategy, v2.5
    -- validates at start, v3.0's migration deletes adaptive_parallelism_strategy
    SELECT EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20241202_071413_resource_group') AS v2_3,
           EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20250509_102041_remove_dispatcher') AS v2_5,
           EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20260311_000000_legacy_streaming_parallelism_session_params') AS v3_0
),
value_type(name, type) AS (
    VALUES ('barrier_interval_ms', 'u32'), ('sstable_size_mb', 'u32'), ('parallel_compact_size_mb', 'u32'),
           ('block_size_kb', 'u32'), ('max_concurrent_creating_streaming_jobs', 'u32'),
           ('checkpoint_frequency', 'u64'), ('time_travel_retention_ms', 'u64'),
           ('pause_on_next_bootstrap', 'bool'), ('enable_tracing', 'bool'),
           ('use_new_object_prefix_strategy', 'bool'), ('per_database_isolation', 'bool'),
           ('enforce_secret', 'bool'), ('bloom_false_positive', 'f64'),
           ('adaptive_parallelism_strategy', 'strategy')
),
-- what Rust's FromStr accepts for each type; the digits are compared as numeric only once
-- the CASE has seen that they are digits
digits AS (
    SELECT p.name, p.value, v.type,
           p.value ~ '^\+?[0-9]+$' AS is_digits,
           coalesce(nullif(ltrim(ltrim(p.value, '+'), '0'), ''), '0') AS significant,
           CASE WHEN p.value ~ '^\+?[0-9]+$' THEN ltrim(p.value, '+')::numeric END AS number
    FROM system_parameter p
    JOIN value_type v ON v.name = p.name
),
unparsable AS (
    SELECT d.name, d.value, d.type
    FROM digits d
    CROSS JOIN store s
    WHERE CASE d.type
            WHEN 'u32' THEN CASE WHEN d.is_digits AND length(d.significant) <= 10
                                 THEN d.significant::numeric > 4294967295 ELSE true END
            WHEN 'u64' THEN CASE WHEN d.is_digits AND length(d.significant) <= 20
                                 THEN d.significant::numeric > 18446744073709551615 ELSE true END
            WHEN 'bool' THEN d.value NOT IN ('true', 'false')
            WHEN 'f64' THEN d.value !~* '^[+-]?((([0-9]+\.?[0-9]*)|(\.[0-9]+))(e[+-]?[0-9]+)?|inf|infinity|nan)$'
            -- parse_strategy: the regexes match only these shapes, whose numbers always cast;
            -- a usize from 1, an f32 in [0, 1] after rounding: from -2^-150 (rounds to -0.0)
            -- to 1 + 2^-24 (rounds to 1.0)
            WHEN 'strategy' THEN NOT s.v3_0 AND NOT (
                     d.value ~* '^(auto|full)$'
                     OR coalesce(substring(d.value FROM '(?i)^bounded\(([0-9]+)\)$')::numeric
                                     BETWEEN 1 AND 18446744073709551615, false)
                     OR coalesce(substring(d.value FROM '(?i)^ratio\(([+-]?[0-9]+(\.[0-9]+)?)\)$')::numeric
                                     BETWEEN -7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625E-46
                                         AND 1.000000059604644775390625, false))
          END
),
-- what validate_init_system_params refuses from v2.5.0, among values that parse
refused AS (
    SELECT d.name, d.value,
           CASE d.name
               WHEN 'barrier_interval_ms' THEN 'is below 50'
               WHEN 'checkpoint_frequency' THEN 'is 0 (the least is 1)'
               ELSE 'is neither 0 nor at least 600000'
           END AS rule
    FROM digits d
    WHERE CASE d.name
            WHEN 'barrier_interval_ms' THEN d.number < 50
            WHEN 'checkpoint_frequency' THEN d.number = 0
            WHEN 'time_travel_retention_ms' THEN d.number BETWEEN 1 AND 599999
            ELSE false
          END
    UNION ALL
    -- Rust's str::trim: the White_Space characters of Unicode
    SELECT p.name, p.value, 'is blank'
    FROM system_parameter p
    WHERE p.name IN ('backup_storage_url', 'backup_storage_directory')
      AND p.value ~ '^[\u0009-\u000d\u0020\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$'
),
without_default(name, severity, consequence) AS (
    VALUES ('state_store', 'warning', 'recovery-error'), ('data_directory', 'warning', 'recovery-error'),
           ('backup_storage_url', 'warning', 'recovery-error'), ('backup_storage_directory', 'warning', 'recovery-error'),
           ('use_new_object_prefix_strategy', 'critical', 'recovery-error')
)
SELECT NULL::integer AS object_id,
       NULL::integer AS job_id,
       NULL::integer AS fragment_id,
       CASE WHEN u.type <> 'strategy'
            THEN format('%s = %s is not a %s: the meta node panics parsing it at every start',
                        u.name, quote_literal(u.value), u.type)
            WHEN s.v2_3
            THEN format('%s = %s is not auto, full, bounded(n >= 1) or ratio(0 <= r <= 1): the meta node '
                        'panics parsing it at every start', u.name, quote_literal(u.value))
            ELSE format('%s = %s is not auto, full, bounded(n >= 1) or ratio(0 <= r <= 1): releases before '
                        'v2.3 ignore it, but v2.3 to v2.8 panic parsing it at every start, so an upgrade to '
                        'them will not start', u.name, quote_literal(u.value))
       END AS message,
       CASE WHEN u.type = 'strategy' AND NOT s.v2_3 THEN 'warning' ELSE 'critical' END AS severity,
       'panic' AS consequence,
       -- each parameter is its own finding (JSON "name"), and repair all --from puts back the
       -- backup's value of a row live has (fix_plan.cpp)
       u.name AS subject_name
FROM unparsable u
CROSS JOIN store s
UNION ALL
SELECT NULL::integer, NULL::integer, NULL::integer,
       CASE WHEN s.v2_5
            THEN format('%s = %s %s: the meta node refuses to start with it (validate_init_system_params)',
                        r.name, quote_literal(r.value), r.rule)
            ELSE format('%s = %s %s: v2.5 and later refuse to start with it (validate_init_system_params), '
                        'so an upgrade to them will not start', r.name, quote_literal(r.value), r.rule)
       END,
       CASE WHEN s.v2_5 THEN 'critical' ELSE 'warning' END,
       'panic',
       r.name
FROM refused r
CROSS JOIN store s
UNION ALL
SELECT NULL::integer, NULL::integer, NULL::integer,
       CASE WHEN w.name = 'use_new_object_prefix_strategy'
            THEN 'use_new_object_prefix_strategy is missing: the next start takes it as false, and if the '
                 'cluster was created with true, hummock looks for its objects under the wrong paths'
            ELSE format('%s is missing: the next start takes it from the meta node''s configuration, and '
                        'without one the meta node does not start', w.name)
       END,
       w.severity,
       w.consequence,
       w.name
FROM without_default w
WHERE NOT EXISTS (SELECT 1 FROM system_parameter p WHERE p.name = w.name)
ORDER BY 4;
