-- id: fragment-without-job
-- title: fragment belongs to an object that is not a streaming job
-- invariant: INV-10
-- severity: warning
-- worst-severity: error
-- consequence: silent
-- repairs: drop-job manual
-- requires: fragment streaming_job object actor_dispatcher actor table sink source seaql_migrations
-- until: m20250106_072104_fragment_relation
-- meta-node: up to v2.2 the fragment is loaded and runs; after an upgrade it panics with assert!("ensemble ... partially exists in database ...") when NO_SHUFFLE-connected to a live job (v2.8+), otherwise it is never loaded and its state is purged (v2.7+)
-- explain:
--   fragment.job_id must have a streaming_job row. The foreign key FK_fragment_table_id
--   only makes it reference object.oid, so fragments of an object without a
--   streaming_job row (or of a non-job object) are possible.
--   Not a crash or loss found in v2.0 and v2.1: actors are persisted and load_all_actors
--   joins actor to fragment (and object), not streaming_job
--   (src/meta/src/controller/fragment.rs:843-854 @ v2.0.7), so an orphan fragment with
--   actor rows is loaded, runs and keeps its state, and nothing validates the actors against
--   the jobs (the message below is absent at v2.1.5). It is reported as a warning for what
--   happens after an upgrade. From v2.2 (m20241001_013810_webhook_source) recovery builds
--   its StreamActor map from the jobs in streaming_job and fails on the RUNNING actors that
--   load_all_actors still loads (src/meta/src/controller/fragment.rs:1030-1039 @ v2.2.6):
--   "cannot find StreamActor of actor N" (src/meta/src/barrier/mod.rs:132-134 @ v2.2.6,
--   :133 @ v2.2.0), retried forever: an error (recovery-error) while it has RUNNING actors. From v2.7 recovery loads fragments from the jobs in
--   streaming_job: an orphan NO_SHUFFLE-connected to a live job's fragment joins that
--   ensemble, and from v2.8 LoadedFragmentContext::for_database asserts "ensemble {..}
--   partially exists in database ..", a crash loop
--   (src/meta/src/controller/scale.rs:272-278 @ v2.8.0, scale.rs:271-277 @ HEAD); v2.7
--   fails recovery forever instead (src/meta/src/controller/scale.rs:658-660 @ v2.7.0).
--   Otherwise the fragment is never loaded and the next global recovery purges its state
--   tables (src/meta/src/barrier/context/recovery.rs:948-958 @ HEAD), which loses data if
--   the object is still a relation (it has a table, sink or source row; see also
--   relation-without-job). Fragments of an object that is not a relation at all are
--   garbage. See fragment-without-job for the per-release list.
--   This happens after a hand-made delete of streaming_job rows, or fragments inserted
--   with a wrong job_id. What to do: restore the streaming_job row from a backup, or
--   drop the object (which cascades to its fragments).
--   Before v2.3 (m20250106_072104_fragment_relation) the edges are read from
--   actor_dispatcher joined to actor (upstream actor's fragment -> dispatcher_id).
WITH release AS (
    SELECT EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20241001_013810_webhook_source') AS validates_actors
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
),
no_shuffle AS (
    SELECT DISTINCT a.fragment_id AS source_fragment_id,
           ad.dispatcher_id AS target_fragment_id
    FROM actor_dispatcher ad
    JOIN actor a ON a.actor_id = ad.actor_id
    WHERE ad.dispatcher_type = 'NO_SHUFFLE'
),
-- the no_shuffle neighbours of each orphan: every edge once from each end (equality joins)
linked AS (
    SELECT DISTINCT ON (o.fragment_id) o.fragment_id, other.fragment_id AS live_fragment,
           other.job_id AS live_job
    FROM orphan o
    JOIN (SELECT r.source_fragment_id AS fragment_id, r.target_fragment_id AS other_id
          FROM no_shuffle r
          UNION ALL
          SELECT r.target_fragment_id, r.source_fragment_id
          FROM no_shuffle r) nb
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
               WHEN o.is_relation THEN ''
               ELSE '; it is garbage'
           END
           || CASE WHEN rl.validates_actors AND o.running_actor IS NOT NULL
                   THEN format('; recovery fails on this release: its RUNNING actors are loaded, its job is not '
                               '("cannot find StreamActor of actor %s")', o.running_actor)
                   WHEN l.fragment_id IS NOT NULL OR o.is_relation
                   THEN '; it still runs on this release, but after an upgrade to v2.7 or later recovery '
                        || CASE WHEN l.fragment_id IS NOT NULL THEN 'fails on it' ELSE 'purges its state' END
                   ELSE '' END) AS message,
    CASE WHEN rl.validates_actors AND o.running_actor IS NOT NULL THEN 'error' ELSE 'warning' END AS severity,
    CASE WHEN rl.validates_actors AND o.running_actor IS NOT NULL THEN 'recovery-error' ELSE 'silent' END
        AS consequence
FROM orphan o
CROSS JOIN release rl
LEFT JOIN linked l ON l.fragment_id = o.fragment_id
ORDER BY o.fragment_id;
