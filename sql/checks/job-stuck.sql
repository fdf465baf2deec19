-- id: job-stuck
-- title: a streaming job has been INITIAL (or CREATING) for longer than --stuck-after
-- invariant: N13
-- severity: warning
-- consequence: ddl-error
-- repairs: drop-job manual
-- requires: streaming_job object system_parameter
-- meta-node: an INITIAL job whose CREATE is gone never finishes (recovery deletes it); one queued behind a foreground backfill waits for its permit; a CREATING job is backfilling
-- explain:
--   A streaming job is INITIAL from CREATE until its fragments are built, then CREATING
--   while it backfills, then CREATED. create_streaming_job writes the INITIAL row first and
--   only then waits for a creating-job permit (create_job_catalog, then
--   creating_streaming_job_permits.acquire_owned: src/meta/src/rpc/ddl_controller.rs:955/990
--   @ v2.8.0, :1148/:1202 @ HEAD). A FOREGROUND job keeps its permit until it is CREATED (the
--   permit lives in StreamingJobExecution until wait_streaming_job_finished returns,
--   src/meta/src/stream/stream_manager.rs:323/447 @ v2.8.0); a background job gives it back
--   once its first barrier is collected. max_concurrent_creating_streaming_jobs (default 1, 0
--   for no limit) permits exist.
--   So an INITIAL job is reported as info ("queued") when foreground CREATING jobs hold
--   every permit: it waits for the oldest of them to finish its backfill and then goes on by
--   itself. Do not restart the meta node for it: up to v3.0.3 recovery deletes every INITIAL
--   job and every foreground CREATING job (clean_dirty_creating_jobs,
--   src/meta/src/controller/catalog/mod.rs:438 @ v2.8.0, :470 @ v3.0.3), so the restart would
--   also destroy the backfill it waits for. Otherwise it is a warning: nothing it could wait
--   for is running, so its CREATE is stuck (#25976: 4 h 32 min; #26939) or the DDL that wrote
--   it failed and left the row behind, and it may hold a permit that later CREATEs wait for.
--   Reported when object.initialized_at is older than `rwdoctor check --stuck-after` (default
--   30 min; the session setting rwdoctor.stuck_after_seconds, 1800 when the SQL is run by
--   hand). A CREATING job older than that is reported as info only: a background backfill of
--   a large table legitimately runs for hours.
--   Ages are UTC: initialized_at is a timestamp without time zone that the meta node's session
--   fills with CURRENT_TIMESTAMP (m20230908_072257_init.rs:163, create_op.rs:79 @ HEAD), and
--   RisingWave's meta store client (sqlx-postgres 0.7 up to v2.0, 0.8 from v2.4 to HEAD) sends
--   TimeZone=UTC at every connect. This query compares it with now() AT TIME ZONE 'UTC', so the
--   age is right whatever the server's zone or PGTZ; rwdoctor's own sessions are UTC too.
--   What to do with a warning (an INITIAL job nothing waits for): with the meta node stopped,
--   rwdoctor repair drop --job N (or repair all) deletes exactly what the next recovery's
--   clean_dirty_creating_jobs would delete: the job's object, its internal tables' objects
--   (table.belongs_to_job_id) and its associated source's object
--   (table.optional_associated_source_id), everything else by the foreign keys' cascades
--   (src/meta/src/controller/catalog/mod.rs:405-548 @ v2.4.0, :458-628 @ v2.8.5, :471-655 @
--   v3.0.3; at HEAD the job's object alone, its belongings by the object.belong_to_oid cascade,
--   mod.rs:807 @ HEAD); the user then runs the DDL again. The drop refuses a job that other
--   objects depend on, and is never offered for an info finding (a queued job, a CREATING
--   backfill). Restarting the meta node does the same, but only with every other incident
--   repaired first. Do not DROP an INITIAL job through RisingWave on v2.7.0 to v2.8.2: the
--   meta node panics (unreachable! in drop_streaming_job, src/meta/src/rpc/ddl_controller.rs:1594
--   @ v2.8.2; fixed by #25481 in v2.8.3 and v3.0.0, ddl_controller.rs:1594-1600 @ v2.8.5).
WITH threshold AS (
    SELECT coalesce(nullif(pg_catalog.current_setting('rwdoctor.stuck_after_seconds', true), '')::integer,
                    1800) AS seconds
),
-- RisingWave's clock: UTC wall-clock time, as its sessions (TimeZone=UTC) write it.
clock AS (
    SELECT pg_catalog.now() AT TIME ZONE 'UTC' AS utc_now
),
-- max_concurrent_creating_streaming_jobs: 1 when absent or unreadable (RisingWave's default),
-- 0 means no limit.
permits AS (
    SELECT coalesce((SELECT CASE WHEN sp.value ~ '^\s*[0-9]{1,9}\s*$' THEN pg_catalog.btrim(sp.value)::integer END
                     FROM system_parameter sp
                     WHERE sp.name = 'max_concurrent_creating_streaming_jobs'), 1) AS limit_count
),
-- Foreground CREATING jobs: each keeps its creating-job permit until it is CREATED.
holders AS (
    SELECT sj.job_id, o.initialized_at
    FROM streaming_job sj
    JOIN object o ON o.oid = sj.job_id
    WHERE sj.job_status = 'CREATING' AND sj.create_type = 'FOREGROUND'
),
queue AS (
    SELECT (SELECT count(*) FROM holders) AS held,
           (SELECT h.job_id FROM holders h ORDER BY h.initialized_at, h.job_id LIMIT 1) AS oldest_holder,
           p.limit_count
    FROM permits p
),
aged AS (
    SELECT sj.job_id, sj.job_status, o.obj_type, o.initialized_at,
           date_trunc('second', c.utc_now - o.initialized_at) AS age,
           (sj.job_status = 'INITIAL' AND q.limit_count > 0 AND q.held >= q.limit_count) AS queued,
           q.oldest_holder
    FROM streaming_job sj
    JOIN object o ON o.oid = sj.job_id
    CROSS JOIN threshold th
    CROSS JOIN clock c
    CROSS JOIN queue q
    WHERE sj.job_status IN ('INITIAL', 'CREATING')
      AND o.initialized_at < c.utc_now - make_interval(secs => th.seconds)
)
SELECT a.job_id AS object_id,
       a.job_id AS job_id,
       NULL::integer AS fragment_id,
       format('%s job %s has been %s for %s (initialized at %s UTC)%s',
              a.obj_type, a.job_id, a.job_status,
              concat_ws(' ',
                        CASE WHEN extract(day FROM a.age) > 0 THEN extract(day FROM a.age) || ' d' END,
                        CASE WHEN extract(hour FROM a.age) > 0 THEN extract(hour FROM a.age) || ' h' END,
                        extract(minute FROM a.age) || ' min'),
              to_char(a.initialized_at, 'YYYY-MM-DD HH24:MI:SS'),
              CASE WHEN a.job_status = 'CREATING'
                   THEN '; a backfill may legitimately take this long'
                   WHEN a.queued
                   THEN format('; it is likely queued for the creating-job permit that foreground job %s holds '
                               'until its backfill ends (do not restart the meta node for it)',
                               a.oldest_holder)
                   ELSE '; no foreground job is backfilling ahead of it, so its CREATE is stuck or gone' END) AS message,
       CASE WHEN a.job_status = 'INITIAL' AND NOT a.queued THEN 'warning' ELSE 'info' END AS severity,
       CASE WHEN a.job_status = 'INITIAL' AND NOT a.queued THEN 'ddl-error' ELSE 'transient' END AS consequence
FROM aged a
ORDER BY a.job_id;
