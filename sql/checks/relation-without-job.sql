-- id: relation-without-job
-- title: relation that must be a streaming job has no streaming_job row
-- invariant: INV-09
-- severity: critical
-- consequence: data-loss
-- repairs: restore-rows drop-job manual
-- requires: table sink index source streaming_job fragment seaql_migrations
-- scope: jobs tables
-- meta-node: hidden from the frontend; from v2.7 never loaded and its state tables are purged from hummock at the next global recovery (v2.2-v2.6: recovery fails forever; v2.0-v2.1: it keeps running)
-- explain:
--   Tables, materialized views, index tables (`table` rows with belongs_to_job_id NULL),
--   every `sink` row, every `index` row and every shared source (a `source` row that owns
--   fragments) are streaming jobs and must have a
--   streaming_job row with the same id; the owner of an internal table
--   (table.belongs_to_job_id) must be a streaming job too. The type rows and the
--   streaming_job row are written in one transaction by create_job_catalog, so there is
--   no transient state without it.
--   list_tables and the other list functions keep only relations whose job exists and is
--   not INITIAL (catalog/mod.rs), so the relation disappears from the catalog; fragment
--   loading starts from streaming_job, so its fragments are never rendered and the next
--   global recovery purges its state tables from hummock (barrier/context/recovery.rs
--   reload_runtime_info_impl). If one of its fragments is NO_SHUFFLE-connected to a live
--   job, see fragment-without-job: the meta node panics.
--   This happens after a hand-made delete of streaming_job rows. What to do: restore the
--   streaming_job row (and any missing fragments) from a backup before the meta node
--   starts (rwdoctor repair restore --job N --from BACKUP puts back every row of the job
--   that the backup has and live lacks), or drop the relation.
--   Citations, by release (for a relation whose fragments have actor rows):
--   v2.7.0 and later (data loss): loading starts from streaming_job,
--   src/meta/src/controller/scale.rs:118-128 @ v2.7.0 (load_fragment_info),
--   src/meta/src/controller/fragment.rs:1522-1532 @ v2.8.0, :1658-1668 @ HEAD
--   (load_fragment_context_in_txn), and the purge keeps only loaded fragments' tables:
--   src/meta/src/barrier/context/recovery.rs:453-463 @ v2.7.0, :664-674 @ v2.8.0, :948-958
--   @ HEAD. v2.2 to v2.6 (recovery fails forever, no loss): the fragments are loaded from
--   actor rows (fragment.rs:1086 load_all_actors @ v2.6.3), so the purge keeps the state,
--   but the StreamActor map starts from streaming_job (table_fragments,
--   src/meta/src/controller/fragment.rs:843-845 @ v2.2.6, :834-836 @ v2.6.3), so
--   validate_database_info returns "cannot find StreamActor of actor"
--   (src/meta/src/barrier/mod.rs:132-134 @ v2.2.6, :137-139 @ v2.4.4, :154-156 @ v2.6.3)
--   and the recovery retry loop fails on it each time (src/meta/src/barrier/worker.rs:768-770
--   @ v2.6.3, :670 @ v2.2.6). Not a crash or loss found on v2.0 and v2.1: both the fragment
--   info and the actors to build start from fragment rows
--   (src/meta/src/controller/fragment.rs:841-854 @ v2.0.7; :954-967 and all_node_actors
--   :1132-1148 @ v2.1.5), so the job keeps running and only leaves the catalog. A relation
--   without any fragment row loses its state tables at every release (the same purge).
--   So the severity follows the store's release (markers: m20251005_000000_fragment_splits
--   for v2.7, m20241001_013810_webhook_source for v2.2): critical (data loss) from v2.7 and
--   for a relation without fragments; error (recovery fails forever) on v2.2 to v2.6; a
--   warning on v2.0 and v2.1, where an upgrade to v2.7 or later loses its state.
WITH
release AS (
    SELECT EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20251005_000000_fragment_splits') AS loads_from_jobs,
           EXISTS (SELECT 1 FROM seaql_migrations
                   WHERE version = 'm20241001_013810_webhook_source') AS validates_actors
),
-- An id with a relation row below is its own job; an internal table's id without one is
-- reported under its owner. All relation rows of one id name the same job (the id itself),
-- so jobs are checked before one row per id is kept: the sort only sees findings.
-- Scoped runs (CheckSpec::scoped) read the relation rows of the jobs and of their table rows
-- ($2) only, through the primary keys: the findings below test no other id. (An internal
-- table's own "table" row has a belongs_to_job_id, so only the jobs' ids can match there.)
rel AS (
    SELECT t.table_id AS object_id, lower(t.table_type) AS kind
    FROM "table" t WHERE t.belongs_to_job_id IS NULL
      AND ($1::int[] IS NULL OR t.table_id = ANY($1::int[]))
    UNION ALL
    SELECT k.sink_id, 'sink' FROM sink k
    WHERE $1::int[] IS NULL OR k.sink_id = ANY($1::int[]) OR k.sink_id = ANY($2::int[])
    UNION ALL
    SELECT i.index_id, 'index' FROM "index" i
    WHERE $1::int[] IS NULL OR i.index_id = ANY($1::int[]) OR i.index_id = ANY($2::int[])
    UNION ALL
    -- a source that owns fragments is a shared source, i.e. a streaming job
    SELECT s.source_id, 'shared source' FROM source s
    WHERE ($1::int[] IS NULL OR s.source_id = ANY($1::int[]) OR s.source_id = ANY($2::int[]))
      AND EXISTS (SELECT 1 FROM fragment f WHERE f.job_id = s.source_id)
),
findings AS (
    SELECT r.object_id, r.object_id AS job_id,
           format('%s %s has no streaming_job row', replace(r.kind, '_', ' '), r.object_id) AS message,
           jf.job_id IS NOT NULL AS has_fragments
    FROM (SELECT DISTINCT ON (rel.object_id) rel.*
          FROM rel
          WHERE NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = rel.object_id)
            AND ($1::int[] IS NULL OR rel.object_id = ANY($1::int[])) -- scope (CheckSpec::scoped)
          ORDER BY rel.object_id) r
    LEFT JOIN (SELECT DISTINCT f.job_id FROM fragment f) jf ON jf.job_id = r.object_id
    UNION ALL
    SELECT t.table_id, t.belongs_to_job_id,
           format('internal table %s belongs to object %s, which has no streaming_job row',
                  t.table_id, t.belongs_to_job_id),
           EXISTS (SELECT 1 FROM fragment f WHERE f.job_id = t.belongs_to_job_id)
    FROM "table" t
    WHERE t.belongs_to_job_id IS NOT NULL
      AND ($1::int[] IS NULL OR t.table_id = ANY($2::int[]))
      AND NOT EXISTS (SELECT 1 FROM streaming_job sj WHERE sj.job_id = t.belongs_to_job_id)
      AND NOT EXISTS (SELECT 1 FROM rel WHERE rel.object_id = t.table_id)
)
SELECT
    f.object_id,
    f.job_id,
    NULL::integer AS fragment_id,
    f.message || CASE
        WHEN NOT f.has_fragments THEN ''
        WHEN rl.loads_from_jobs THEN '; its fragments are never loaded'
        WHEN rl.validates_actors
            THEN '; recovery fails ("cannot find StreamActor of actor") until the row is back; the state is kept'
        ELSE '; it keeps running on this release, but an upgrade to v2.7 or later purges its state'
    END AS message,
    CASE WHEN NOT f.has_fragments OR rl.loads_from_jobs THEN 'critical'
         WHEN rl.validates_actors THEN 'error'
         ELSE 'warning' END AS severity,
    CASE WHEN NOT f.has_fragments OR rl.loads_from_jobs THEN 'data-loss'
         WHEN rl.validates_actors THEN 'recovery-error'
         ELSE 'silent' END AS consequence
FROM findings f
CROSS JOIN release rl
ORDER BY f.object_id;
