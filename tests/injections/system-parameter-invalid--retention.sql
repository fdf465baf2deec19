-- case: time_travel_retention_ms = 300000 (accepted by ALTER SYSTEM on v2.1): from v2.5 validate_init_system_params refuses it and the meta node does not start
-- generations: v2_8 v3_0_3 head
-- expect: system-parameter-invalid severity=critical
UPDATE system_parameter SET value = '300000' WHERE name = 'time_travel_retention_ms';
