-- case: adaptive_parallelism_strategy = 'ratio(1.5)' on a store before v2.3: its meta node ignores the name, an upgrade to v2.3-v2.8 panics parsing it
-- generations: v2_0
-- expect: system-parameter-invalid severity=warning
INSERT INTO system_parameter (name, value, is_mutable, description)
VALUES ('adaptive_parallelism_strategy', 'ratio(1.5)', true, NULL)
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
