-- case: adaptive_parallelism_strategy = 'BOUNDED(0)' on a store with v3.0's migrations: the name is no longer known and the meta node ignores the row
-- generations: v3_0_3 head
-- expect-clean
INSERT INTO system_parameter (name, value, is_mutable, description)
VALUES ('adaptive_parallelism_strategy', 'BOUNDED(0)', true, NULL)
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
