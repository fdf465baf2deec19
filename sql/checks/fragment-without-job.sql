-- id: fragment-without-job
-- title: fragment belongs to an object that is not a streaming job
-- invariant: INV-10
-- severity: critical
-- consequence: data-loss
-- repairs: drop-job manual
-- requires: fragment streaming_job object fragment_relation table sink source seaql_migrations actor
-- since: m20250106_072104_fragment_relation
-- scope: jobs fragments upstream
-- meta-node: from v2.8 panics with assert!("ensemble ... partially exists in database ...") when the fragment is NO_SHUFFLE-connected to a live job (v2.7: recovery error); otherwise never loaded from v2.7 and its state is purged; on v2.2 to v2.6 recovery fails ("cannot find StreamActor of actor N") while it has RUNNING actors
-- explain:
--   fragment.job_id must have a streaming_job row. The foreign key FK_fragment_table_id
--   only makes it reference object.oid, so fragments of an object without a
--   streaming_job row (or of a non-job object) are possible.
--   From v2.7 recovery loads fragments from the jobs in streaming_job
--   (src/meta/src/controller/scale.rs:118-128 @ v2.7.0,
--   src/meta/src/controller/fragment.rs:1522-1540 @ v2.8.0,
--   src/meta/src/controller/fragment.rs:1658-1676 @ HEAD). An orphan fragment that is
--   NO_SHUFFLE-connected to a fragment of a live job is pulled into that job's ensemble;
--   its job is then absent from streaming_job_databases and
--   LoadedFragmentContext::for_database asserts "ensemble {..} partially exists in
--   database ..", a crash loop: src/meta/src/controller/scale.rs:272-278 @ v2.8.0,
--   src/meta/src/controller/scale.rs:271-277 @ v3.0.3, scale.rs:271-277 @ HEAD.
--   In v2.7 it is not a panic: rendering fails with "streaming job {job_id} not found in
--   streaming_job_databases" (src/meta/src/controller/scale.rs:658-660 @ v2.7.0) or, as
--   an entry, "streaming job {job_id} not found" (scale.rs:488-490 @ v2.7.0), so recovery
--   fails and is retried forever. Reschedule fails with "streaming jobs {:?} not found" or
--   can panic on fragment_lookup unwrap.
--   Otherwise the fragment is simply never loaded: the purge of the next global recovery
--   unregisters its state tables (src/meta/src/barrier/context/recovery.rs:453-463 @ v2.7.0,
--   recovery.rs:664-674 @ v2.8.0, src/meta/src/barrier/context/recovery.rs:948-958 @ HEAD),
--   which loses data if the object is still a relation (it has a table, sink or source
--   row; see also relation-without-job). Fragments of an object that is not a relation at
--   all are garbage.
--   On v2.3 to v2.6 (this variant's releases before m20251005_000000_fragment_splits) recovery
--   takes two views of the same rows. The fragments come from load_all_actors, which joins
--   actor, fragment and object only and keeps the RUNNING actors
--   (src/meta/src/barrier/context/recovery.rs:103-112 -> src/meta/src/controller/fragment.rs:
--   1092, 1115-1127 @ v2.6.3), so an orphan fragment with RUNNING actors is in them; the
--   StreamActor map comes from all_active_actors, built from table_fragments, which starts
--   from StreamingJob::find() (src/meta/src/manager/metadata.rs:625-626,
--   src/meta/src/controller/fragment.rs:834-836 @ v2.6.3). validate_database_info then fails
--   with "cannot find StreamActor of actor N" (src/meta/src/barrier/mod.rs:154-156 @ v2.6.3,
--   :132-134 @ v2.2.6) and recovery is retried forever: an error (recovery-error), whatever
--   the object is. A fragment without RUNNING actors is not loaded there (actor-missing
--   reports its state); it is a warning: it crashes (connected) or loses state after an
--   upgrade to v2.7 or later; critical from v2.7 on.
--   This happens after a hand-made delete of streaming_job rows, or fragments inserted
--   with a wrong job_id. What to do: restore the streaming_job row from a backup, or
--   drop the object (which cascades to its fragments).
WITH
-- scope (CheckSpec::scoped): the jobs' fragments ($2) and those at the far end of their edges,
-- their upstream fragments ($3) and the targets of the edges out of them (primary key)
scope_fragment AS (
    SELECT s.fragment_id FROM unnest($2::int[]) AS s(fragment_id)
    UNION
    SELECT u.fragment_id FROM unnest($3::int[]) AS u(fragment_id)
    UNION
    SELECT r.target_fragment_id FROM fragment_relation r WHERE r.source_fragment_id = ANY($2::int[])
),
release AS (
    SELECT EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20251005_000000_fragment_splits') AS loads_from_jobs
),
orphan AS (
    SELECT f.fragment_id, f.job_id, o.obj_type,
           (EXISTS (SELECT 1 FROM "table" t WHERE t.table_id = f.job_id)
            OR EXISTS (SELECT 1 FROM sink k WHERE k.sink_id = f.job_id)
            OR EXISTS (SELECT 1 FROM source s WHERE s.source_id = f.job_id)) AS is_relation,
           (SELECT min(a.actor_id) FROM actor a
            WHERE a.fragment_id = f.fragment_id AND a.status = 'RUNNING') AS running_actor
    FROM fragment f
    LEFT JOIN object o ON o.oid = f.job_id
    WHERE NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = f.job_id)
      AND ($1::int[] IS NULL OR f.fragment_id = ANY(ARRAY(SELECT sf.fragment_id FROM scope_fragment sf)))
),
-- the no_shuffle neighbours of each orphan: every edge once from each end (equality joins)
linked AS (
    SELECT DISTINCT ON (o.fragment_id) o.fragment_id, other.fragment_id AS live_fragment,
           other.job_id AS live_job
    FROM orphan o
    JOIN (SELECT r.source_fragment_id AS fragment_id, r.target_fragment_id AS other_id
          FROM fragment_relation r WHERE r.dispatcher_type = 'NO_SHUFFLE'
          UNION ALL
          SELECT r.target_fragment_id, r.source_fragment_id
          FROM fragment_relation r WHERE r.dispatcher_type = 'NO_SHUFFLE') nb
      ON nb.fragment_id = o.fragment_id
    JOIN fragment other ON other.fragment_id = nb.other_id
    JOIN streaming_job osj ON osj.job_id = other.job_id
    ORDER BY o.fragment_id, other.fragment_id
)
SELECT
    o.job_id AS object_id,
    o.job_id AS job_id,
    o.fragment_id,
    format('fragment %s belongs to %s %s, which has no streaming_job row%s',
           o.fragment_id,
           coalesce(lower(o.obj_type) || ' object', 'missing object'), o.job_id,
           CASE
               WHEN l.fragment_id IS NOT NULL
                   THEN format('; it is no_shuffle-connected to fragment %s of live job %s',
                               l.live_fragment, l.live_job)
               WHEN o.is_relation AND rl.loads_from_jobs THEN '; its state is purged at the next global recovery'
               WHEN o.is_relation THEN ''
               ELSE '; it is garbage'
           END
           || CASE WHEN NOT rl.loads_from_jobs AND o.running_actor IS NOT NULL
                   THEN format('; recovery fails on this release: its RUNNING actors are loaded, its job is not '
                               '("cannot find StreamActor of actor %s")', o.running_actor)
                   WHEN (l.fragment_id IS NOT NULL OR o.is_relation) AND NOT rl.loads_from_jobs
                   THEN '; it still runs on this release, but after an upgrade to v2.7 or later recovery '
                        || CASE WHEN l.fragment_id IS NOT NULL THEN 'fails on it' ELSE 'purges its state' END
                   ELSE '' END) AS message,
    CASE WHEN (l.fragment_id IS NOT NULL OR o.is_relation) AND rl.loads_from_jobs THEN 'critical'
         WHEN NOT rl.loads_from_jobs AND o.running_actor IS NOT NULL THEN 'error'
         ELSE 'warning' END AS severity,
    CASE WHEN NOT rl.loads_from_jobs AND o.running_actor IS NOT NULL THEN 'recovery-error'
         WHEN NOT rl.loads_from_jobs THEN 'silent'
         WHEN l.fragment_id IS NOT NULL THEN 'panic'
         WHEN o.is_relation THEN 'data-loss'
         ELSE 'silent' END AS consequence
FROM orphan o
CROSS JOIN release rl
LEFT JOIN linked l ON l.fragment_id = o.fragment_id
ORDER BY o.fragment_id;
