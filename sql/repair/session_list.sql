-- Other client sessions on this database, as a refusal or a lock wait names them: pid,
-- application, user, client, state and since when. $1: an int[] of pids to describe, or {}
-- for every other client session (the online gate). At most 5, oldest first.
SELECT a.pid,
       COALESCE(NULLIF(a.application_name, ''), 'no application name'),
       COALESCE(a.usename::text, '?'),
       COALESCE(pg_catalog.host(a.client_addr), 'local'),
       COALESCE(a.state, '?'),
       COALESCE(pg_catalog.to_char(COALESCE(a.xact_start, a.state_change) AT TIME ZONE 'UTC',
                                   'YYYY-MM-DD HH24:MI:SS "UTC"'), '?')
FROM pg_catalog.pg_stat_activity a
WHERE a.datname = pg_catalog.current_database() AND a.pid <> pg_catalog.pg_backend_pid()
  AND a.backend_type = 'client backend'
  AND (pg_catalog.cardinality($1::int[]) = 0 OR a.pid = ANY($1::int[]))
ORDER BY COALESCE(a.xact_start, a.backend_start), a.pid
LIMIT 5;
