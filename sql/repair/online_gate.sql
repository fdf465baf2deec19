-- Other client sessions connected to this database (the meta node keeps a pool open), and how
-- many of them are rwdoctor's own (every rwdoctor connection sets application_name rwdoctor).
SELECT count(*),
       count(*) FILTER (WHERE application_name = 'rwdoctor')
FROM pg_catalog.pg_stat_activity
WHERE datname = pg_catalog.current_database() AND pid <> pg_catalog.pg_backend_pid()
  AND backend_type = 'client backend';
