-- id: job-type-invalid
-- title: streaming job is not a table, index, sink or source, or has no type row
-- invariant: INV-07
-- severity: critical
-- consequence: panic
-- repairs: drop-job manual
-- requires: streaming_job object table sink source object_dependency
-- scope: jobs
-- meta-node: unreachable!("unexpected streaming job type") when recovery cleans it; "table/sink/index/source not found" when the job finishes
-- explain:
--   Every streaming_job row must belong to an object of type TABLE, INDEX, SINK or SOURCE
--   that has its type row: a `table` row with table_id = job id for TABLE and INDEX, a
--   `sink` row, or a `source` row. streaming_job.job_id only references object.oid.
--   When recovery cleans a dirty job, log_cleaned_dirty_jobs hits
--   unreachable!("unexpected streaming job type") for any other object type, which aborts
--   the meta node on every start:
--   src/meta/src/controller/catalog.rs:901 @ v2.0.7, catalog.rs:954 @ v2.1.5,
--   src/meta/src/controller/catalog/util.rs:248 @ v2.2.6 (same line @ v2.3.3 to v2.5.3),
--   src/meta/src/controller/catalog/util.rs:251 @ v2.6.3, catalog/util.rs:251 @ v2.7.0,
--   src/meta/src/controller/catalog/util.rs:257 @ v2.8.0, catalog/util.rs:144 @ v3.0.3,
--   src/meta/src/controller/catalog/util.rs:428 @ HEAD.
--   Dirty means INITIAL, or CREATING and FOREGROUND, up to v3.0.3
--   (src/meta/src/controller/catalog.rs:778-784 @ v2.0.7, catalog/mod.rs:471-475 @ v3.0.3);
--   at HEAD INITIAL, or CREATING with a non-recoverable (Values) fragment or with
--   clean_all_foreground_jobs_on_recovery set
--   (src/meta/src/controller/catalog/mod.rs:679-708 @ HEAD). Any other CREATING job is
--   resumed instead, and panics when its backfill ends:
--   finish_streaming_job has unreachable!("invalid job type: {:?}") for other types:
--   src/meta/src/controller/streaming_job.rs:857 @ v2.0.7, streaming_job.rs:1115 @ v2.6.3,
--   src/meta/src/controller/streaming_job.rs:1294 @ v2.8.0, streaming_job.rs:1481 @ v3.0.3,
--   src/meta/src/controller/streaming_job.rs:1782 @ HEAD.
--   finish_streaming_job_inner also fails with "table/sink/index/source not found" when
--   the type row is missing, so a creating job never finishes and CREATED jobs cannot be
--   shown or dropped through SQL.
--   Not reported: temporary replacement jobs (T5: a job that is not CREATED, with no type
--   row and object_dependency(oid = original job of the same type, used_by = this job)) in
--   INITIAL state; a CREATING one found at rest is reported as info for manual review,
--   because recovery only cleans it under the T4 rules. An INITIAL job without a type row
--   is deleted by the next recovery and is reported as info.
--   What to do: drop the job (rwdoctor repair drop), or restore the missing type row from
--   a backup.
WITH
-- (job, object type) pairs where the job reads another live job of that type: T5 replacements
replaces AS (
    SELECT DISTINCT d.used_by AS job_id, orig.obj_type
    FROM object_dependency d
    JOIN object orig ON orig.oid = d.oid
    JOIN streaming_job osj ON osj.job_id = d.oid
    WHERE d.oid <> d.used_by
      -- scoped runs: only the scope's jobs are joined to it (jobs below), so read only theirs
      AND ($1::int[] IS NULL OR d.used_by = ANY($1::int[]))
),
jobs AS (
    SELECT
        sj.job_id, sj.job_status, sj.create_type, o.obj_type,
        (o.obj_type IN ('TABLE', 'INDEX', 'SINK', 'SOURCE')) AS type_ok,
        CASE o.obj_type
            WHEN 'TABLE' THEN t.table_id IS NOT NULL
            WHEN 'INDEX' THEN t.table_id IS NOT NULL
            WHEN 'SINK' THEN k.sink_id IS NOT NULL
            WHEN 'SOURCE' THEN s.source_id IS NOT NULL
        END AS has_type_row,
        (r.job_id IS NOT NULL) AS replaces_original
    FROM streaming_job sj
    JOIN object o ON o.oid = sj.job_id
    LEFT JOIN "table" t ON t.table_id = sj.job_id
    LEFT JOIN sink k ON k.sink_id = sj.job_id
    LEFT JOIN source s ON s.source_id = sj.job_id
    LEFT JOIN replaces r ON r.job_id = sj.job_id AND r.obj_type = o.obj_type
    WHERE $1::int[] IS NULL OR sj.job_id = ANY($1::int[]) -- scope (CheckSpec::scoped)
),
classified AS (
    SELECT j.*,
        CASE
            WHEN NOT j.type_ok THEN
                CASE WHEN j.job_status = 'CREATED' THEN 'error' ELSE 'critical' END
            WHEN j.has_type_row THEN NULL
            WHEN j.job_status IS DISTINCT FROM 'CREATED' AND j.replaces_original THEN
                CASE WHEN j.job_status = 'INITIAL' THEN NULL ELSE 'info' END
            WHEN j.job_status = 'INITIAL' THEN 'info'
            ELSE 'error'
        END AS severity
    FROM jobs j
)
SELECT
    c.job_id AS object_id,
    c.job_id AS job_id,
    NULL::integer AS fragment_id,
    CASE
        WHEN NOT c.type_ok THEN
            format('streaming job %s (%s, %s) is a %s object; jobs must be table, index, sink or source objects',
                   c.job_id, c.job_status, c.create_type,
                   quote_literal(translate(left(c.obj_type, 40), E'\r\n\t', '   ')))
        WHEN c.severity = 'info' AND c.replaces_original THEN
            format('streaming job %s (%s, %s) is a temporary replacement %s job left at rest; review it by hand',
                   c.job_id, c.job_status, c.create_type, lower(c.obj_type))
        WHEN c.severity = 'info' THEN
            format('streaming job %s (%s, %s) has no %s row; the next recovery deletes it (transient)',
                   c.job_id, c.job_status, c.create_type,
                   CASE WHEN c.obj_type IN ('TABLE', 'INDEX') THEN 'table' ELSE lower(c.obj_type) END)
        ELSE
            format('streaming job %s (%s, %s) is a %s object with no %s row',
                   c.job_id, c.job_status, c.create_type, lower(c.obj_type),
                   CASE WHEN c.obj_type IN ('TABLE', 'INDEX') THEN 'table' ELSE lower(c.obj_type) END)
    END AS message,
    c.severity,
    CASE c.severity
        WHEN 'critical' THEN 'panic'
        WHEN 'info' THEN 'transient'
        ELSE 'ddl-error'
    END AS consequence
FROM classified c
WHERE c.severity IS NOT NULL
ORDER BY c.job_id;
