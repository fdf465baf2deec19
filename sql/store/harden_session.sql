-- Session settings for the whole run: bounded waits, and a search_path pinned to pg_catalog
-- first and then the meta store's schema ($1), so nothing in that schema can shadow a
-- built-in function the checks call. JIT off: the catalog queries are short scans and joins
-- whose planner cost at 500k fragments crosses jit_above_cost, and compiling them took longer
-- than it saved (all check SQL at scale L: 12-16 s with JIT, 10.7 s without). Check queries
-- are read through cursors in blocks; cursor_tuple_fraction 1 makes the planner plan them as
-- it plans a plain query (whole result, same plan), not for the first rows.
-- rwdoctor.stuck_after_seconds ($4) is check --stuck-after, read by sql/checks/job-stuck.sql.
-- TimeZone UTC: RisingWave's meta store client (sqlx) sends TimeZone=UTC at every connect, so
-- the timestamps without time zone it writes (object.initialized_at, created_at, ...) hold UTC
-- wall-clock time; LOCALTIMESTAMP and any timestamp this session prints must be UTC too,
-- whatever the server's zone, the database's setting or the DBA's PGTZ.
-- work_mem at least 16MB (never lowered): with PostgreSQL's default 4MB the whole-store checks
-- spill their hashes and sorts to disk (stream-node-mismatch's edge aggregate in 257 batches at
-- scale M); 16MB per sort or hash node of one of rwdoctor's own sessions keeps them in memory
-- there (bench/incident.sh M: stream-node-mismatch 0.85 -> 0.60 s, state-table-mismatch 0.71 ->
-- 0.59 s), a bounded cost on a server that is in an incident.
SELECT pg_catalog.set_config('statement_timeout', $2, false),
       pg_catalog.set_config('jit', 'off', false),
       pg_catalog.set_config('lock_timeout', $3, false),
       pg_catalog.set_config('search_path', pg_catalog.format('pg_catalog, %I', $1::text), false),
       pg_catalog.set_config('cursor_tuple_fraction', '1', false),
       pg_catalog.set_config('rwdoctor.stuck_after_seconds', $4, false),
       pg_catalog.set_config('TimeZone', 'UTC', false),
       pg_catalog.set_config('work_mem',
                             CASE WHEN pg_catalog.pg_size_bytes(pg_catalog.current_setting('work_mem')) < 16777216
                                  THEN '16MB' ELSE pg_catalog.current_setting('work_mem') END, false);
