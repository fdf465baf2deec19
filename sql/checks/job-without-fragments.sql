-- id: job-without-fragments
-- title: streaming job has no fragment rows
-- invariant: INV-08
-- severity: critical
-- consequence: data-loss
-- repairs: restore-fragments drop-job
-- requires: streaming_job fragment seaql_migrations
-- scope: jobs
-- meta-node: skipped by recovery without a message; its state tables are purged from hummock at the next global recovery
-- explain:
--   Every CREATING or CREATED streaming job (table, materialized view, index, sink, shared
--   source) must own at least one row in `fragment` (fragment.job_id = job id). RisingWave
--   writes the fragments in prepare_streaming_job while the job is still INITIAL, so a job
--   that reached CREATING or CREATED without fragments lost them afterwards, usually by a
--   hand-made DELETE on `fragment` or a partial restore.
--   The recovery loaders (controller/fragment.rs load_fragment_context_in_txn, scale.rs
--   build_loaded_context) derive the set of jobs from the fragment rows, so such a job is
--   left out of the loaded context without any message: it gets no actors, a foreground DDL
--   waiting on it never finishes, and the next global recovery calls
--   purge_state_table_from_hummock (barrier/context/recovery.rs reload_runtime_info_impl)
--   with the state tables of the loaded fragments only, which unregisters and loses all of
--   this job's state.
--   Deleting fragment rows also cascades to the job's `table` rows (FK_table_fragment_id),
--   so the job usually looks like an object plus a streaming_job row and nothing else.
--   Classification: CREATED and background CREATING jobs are corruption. A foreground
--   CREATING job is cleaned by recovery on v3.0.3 and older (clean_dirty_creating_jobs)
--   and is reported as info there; at HEAD (#26472) recovery keeps it, so it is corruption.
--   Two limits of that HEAD reading, which the store cannot show: the meta option
--   clean_all_foreground_jobs_on_recovery (default false) brings back the old cleaning, and a
--   CREATING job with a fragment whose progress cannot be recovered is always cleaned
--   (src/meta/src/controller/catalog/mod.rs:643, :679-699 @ HEAD 448c6570); and HEAD is told
--   apart by m20260805_000000_object_belong_to_oid (#26491, 2026-08-11), which a nightly of
--   2026-08-11 to 2026-08-18, before #26472, has while it still cleans the job.
--   INITIAL jobs are transient (T1) and always deleted by the next recovery.
--   What to do: keep the meta node stopped; restore the fragments (and their edges,
--   splits and table rows) from a backup of the meta store with `rwdoctor repair restore`
--   before the next start, or drop the job with `rwdoctor repair drop`.
--   Citations (state loss): purge_state_table_from_hummock gets the loaded fragments' state
--   tables only: src/meta/src/barrier/recovery.rs:340-343 @ v2.0.7 (fragments of running
--   actor rows, src/meta/src/controller/fragment.rs:841-854 @ v2.0.7), :242-245 @ v2.1.5;
--   src/meta/src/barrier/context/recovery.rs:220-227 @ v2.2.6, :355-363 @ v2.4.4, :373-381
--   @ v2.6.3, :453-463 @ v2.7.0, :664-674 @ v2.8.0, :695-705 @ v3.0.3, :948-958 @ HEAD.
--   HummockManager::purge unregisters every other table:
--   src/meta/src/hummock/manager/compaction_group_manager.rs:168-182 @ v2.0.7;
--   src/meta/src/hummock/manager/compaction/compaction_group_manager.rs:155-170 @ v2.6.3,
--   :151-166 @ v2.8.0, :145-160 @ v3.0.3, :157-172 @ HEAD.
--   Not a crash from this state (checked): the v2.8.x "should exist" panic of #25516/#25817
--   (src/meta/src/barrier/info.rs:1292-1293 @ v2.8.0, RemoveFragment) needs fragment ids,
--   and a drop takes them from `fragment` rows (get_fragments_for_jobs,
--   src/meta/src/controller/catalog/drop_op.rs:325-331 @ v2.8.0), so for a job without
--   fragments the set is empty and the drop does not reach it.
WITH head AS (
    SELECT EXISTS (
        SELECT 1 FROM seaql_migrations
        WHERE version = 'm20260805_000000_object_belong_to_oid'
    ) AS keeps_foreground
)
SELECT
    sj.job_id AS object_id,
    sj.job_id AS job_id,
    NULL::integer AS fragment_id,
    format('streaming job %s (%s, %s) has no fragment rows%s',
           sj.job_id, sj.job_status, sj.create_type,
           CASE
               WHEN sj.job_status = 'INITIAL'
                   THEN '; the next recovery deletes it (transient)'
               WHEN sj.job_status = 'CREATING' AND sj.create_type = 'FOREGROUND'
                    AND NOT head.keeps_foreground
                   THEN '; the next recovery deletes this foreground creating job (transient)'
               ELSE '; its state is purged at the next global recovery'
           END) AS message,
    CASE
        WHEN sj.job_status = 'INITIAL' THEN 'info'
        WHEN sj.job_status = 'CREATING' AND sj.create_type = 'FOREGROUND'
             AND NOT head.keeps_foreground THEN 'info'
        ELSE 'critical'
    END AS severity,
    CASE
        WHEN sj.job_status = 'INITIAL' THEN 'transient'
        WHEN sj.job_status = 'CREATING' AND sj.create_type = 'FOREGROUND'
             AND NOT head.keeps_foreground THEN 'transient'
        ELSE 'data-loss'
    END AS consequence
FROM streaming_job sj
CROSS JOIN head
WHERE NOT EXISTS (SELECT 1 FROM fragment f WHERE f.job_id = sj.job_id)
  AND ($1::int[] IS NULL OR sj.job_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
ORDER BY sj.job_id;
