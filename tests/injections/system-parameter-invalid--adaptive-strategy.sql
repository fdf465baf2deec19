-- case: adaptive_parallelism_strategy = 'BOUNDED(0)': its FromStr fails, system_params_from_db unwraps the parse, crash loop (v2.3 to v2.8)
-- generations: v2_4 v2_8
-- expect: system-parameter-invalid severity=critical
INSERT INTO system_parameter (name, value, is_mutable, description)
VALUES ('adaptive_parallelism_strategy', 'BOUNDED(0)', true, NULL)
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
