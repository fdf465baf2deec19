-- case: state_store's row deleted: the next start takes it from the meta node's configuration, or does not start
-- generations: all
-- expect: system-parameter-invalid severity=warning
DELETE FROM system_parameter WHERE name = 'state_store';
