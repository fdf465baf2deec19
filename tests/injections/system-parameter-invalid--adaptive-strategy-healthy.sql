-- case: adaptive_parallelism_strategy = 'RATIO(0.5)', a strategy parse_strategy accepts (any letter case)
-- generations: all
-- expect-clean
INSERT INTO system_parameter (name, value, is_mutable, description)
VALUES ('adaptive_parallelism_strategy', 'RATIO(0.5)', true, NULL)
ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value;
