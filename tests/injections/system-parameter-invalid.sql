-- case: a barrier interval that is not a number (a hand edit): the meta node panics parsing it at every start
-- generations: all
-- expect: system-parameter-invalid severity=critical
UPDATE system_parameter SET value = '1s' WHERE name = 'barrier_interval_ms';
