-- case: use_new_object_prefix_strategy deleted (#19865): the next start takes it as false and hummock reads the wrong object paths
-- generations: all
-- expect: system-parameter-invalid severity=critical
DELETE FROM system_parameter WHERE name = 'use_new_object_prefix_strategy';
