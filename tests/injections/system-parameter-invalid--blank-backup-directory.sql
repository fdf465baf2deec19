-- case: backup_storage_directory is blank (white space only): from v2.5 validate_init_system_params refuses it and the meta node does not start
-- generations: v2_8 head
-- expect: system-parameter-invalid severity=critical
UPDATE system_parameter SET value = '  ' WHERE name = 'backup_storage_directory';
