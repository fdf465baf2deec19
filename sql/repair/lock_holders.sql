-- Sessions that hold a lock on one of the tables $2 of schema $1 that conflicts with the
-- EXCLUSIVE lock a repair takes (every mode but ACCESS SHARE, which plain reads take), with
-- the strongest mode each holds and on which table. A session holding ROW EXCLUSIVE is writing
-- (INSERT, UPDATE, DELETE); any other mode is a lock it took (SELECT FOR UPDATE, LOCK TABLE,
-- an index build, DDL).
SELECT l.pid, c.relname, pg_catalog.string_agg(DISTINCT l.mode, ', ' ORDER BY l.mode)
FROM pg_catalog.pg_locks l
JOIN pg_catalog.pg_class c ON c.oid = l.relation
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE l.granted AND l.pid <> pg_catalog.pg_backend_pid() AND l.mode <> 'AccessShareLock'
  AND l.database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = pg_catalog.current_database())
  AND n.nspname = $1 AND c.relname = ANY($2::text[])
GROUP BY l.pid, c.relname
ORDER BY l.pid, c.relname;
