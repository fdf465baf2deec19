-- id: job-stuck
-- title: a streaming job has been INITIAL (or CREATING) for longer than --stuck-after
-- invariant: N13
-- severity: warning
-- consequence: ddl-error
-- repairs: manual
-- requires: streaming_job object
-- meta-node: an INITIAL job holds a creating-job permit and never finishes on its own; other DDL waits for it until the meta node restarts, whose recovery deletes the job
-- explain:
--   A streaming job is INITIAL from CREATE until its fragments are built, then CREATING
--   while it backfills, then CREATED. An INITIAL job counts against
--   max_concurrent_creating_streaming_jobs (default 1) for as long as it exists, so a job
--   stuck there blocks every later CREATE until someone restarts the meta node (#25976:
--   4 h 32 min; #26939); recovery deletes INITIAL jobs (T1 in rw-meta-invariants.md).
--   Reported as a warning, with its age, when object.initialized_at is older than
--   `rwdoctor check --stuck-after` (default 30 min; the session setting
--   rwdoctor.stuck_after_seconds, 1800 when the SQL is run by hand).
--   A CREATING job older than that is reported as info only: a background backfill of a
--   large table legitimately runs for hours.
--   initialized_at is a timestamp without time zone written by the meta node's session, so
--   the age assumes that session and this one share the server's TimeZone.
--   What to do: find the DDL that created the job (its definition is in the job's table,
--   sink or source row) and, if it is not still being planned, restart the meta node: its
--   recovery deletes the INITIAL job and frees the permit. Do not DROP an INITIAL job
--   through RisingWave before v3.0 (#25481).
WITH threshold AS (
    SELECT coalesce(nullif(pg_catalog.current_setting('rwdoctor.stuck_after_seconds', true), '')::integer,
                    1800) AS seconds
),
aged AS (
    SELECT sj.job_id, sj.job_status, o.obj_type, o.initialized_at,
           date_trunc('second', LOCALTIMESTAMP - o.initialized_at) AS age
    FROM streaming_job sj
    JOIN object o ON o.oid = sj.job_id
    CROSS JOIN threshold th
    WHERE sj.job_status IN ('INITIAL', 'CREATING')
      AND o.initialized_at < LOCALTIMESTAMP - make_interval(secs => th.seconds)
)
SELECT a.job_id AS object_id,
       a.job_id AS job_id,
       NULL::integer AS fragment_id,
       format('%s job %s has been %s for %s (initialized at %s)%s',
              a.obj_type, a.job_id, a.job_status,
              concat_ws(' ',
                        CASE WHEN extract(day FROM a.age) > 0 THEN extract(day FROM a.age) || ' d' END,
                        CASE WHEN extract(hour FROM a.age) > 0 THEN extract(hour FROM a.age) || ' h' END,
                        extract(minute FROM a.age) || ' min'),
              to_char(a.initialized_at, 'YYYY-MM-DD HH24:MI:SS'),
              CASE WHEN a.job_status = 'INITIAL'
                   THEN '; it holds a creating-job permit until the meta node restarts'
                   ELSE '; a backfill may legitimately take this long' END) AS message,
       CASE WHEN a.job_status = 'INITIAL' THEN 'warning' ELSE 'info' END AS severity,
       CASE WHEN a.job_status = 'INITIAL' THEN 'ddl-error' ELSE 'transient' END AS consequence
FROM aged a
ORDER BY a.job_id;
