-- case: time_travel_retention_ms = 300000 on a store before v2.5: its meta node starts, an upgrade to v2.5 or later does not
-- generations: v2_0 v2_4
-- expect: system-parameter-invalid severity=warning
UPDATE system_parameter SET value = '300000' WHERE name = 'time_travel_retention_ms';
