-- The cluster's unique identifier, which tells two servers apart whatever name reaches them.
-- Needs superuser or pg_monitor; rwdoctor falls back to host and port without it.
SELECT system_identifier::text FROM pg_catalog.pg_control_system();
