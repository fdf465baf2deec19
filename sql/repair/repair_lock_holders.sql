-- The sessions that hold rwdoctor's repair lock (pg_advisory_lock on
-- hashtext('rwdoctor repair'), a bigint key: classid holds its high 32 bits, objid its low).
SELECT l.pid
FROM pg_catalog.pg_locks l
WHERE l.locktype = 'advisory' AND l.granted AND l.pid <> pg_catalog.pg_backend_pid() AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = pg_catalog.current_database())
  AND l.objid::bigint = (pg_catalog.hashtext('rwdoctor repair')::bigint & 4294967295)
ORDER BY l.pid;
