-- id: ensemble-invalid
-- title: a no_shuffle ensemble has a cycle, disagreeing entry fragments or spans databases
-- invariant: INV-15
-- severity: error
-- worst-severity: critical
-- consequence: recovery-error
-- repairs: manual
-- requires: fragment_relation fragment object
-- until: m20251016_220528_fragment_parallelism
-- kind: analyzer
-- scope: jobs fragments
-- meta-node: before v2.7 actors are persisted and no ensemble is walked in recovery; a cross-database ensemble panics only in a v2.4-v2.6 per-database recovery (FragmentEdgeBuilder::add_edge); after an upgrade, a cycle is never rendered and its state is purged (v2.7+), disagreeing entries fail recovery, and a cross-database ensemble panics with "ensemble ... partially exists in database" (v2.8+)
-- explain:
-- Fragments connected by NO_SHUFFLE edges are scheduled together as one "ensemble"
-- (find_no_shuffle_graphs in src/meta/src/controller/scale.rs). From v2.7 RisingWave renders an
-- ensemble from its entry fragments, those without a NO_SHUFFLE parent inside it, and assumes:
--   * the component is acyclic: find_no_shuffle_graphs drops a component without entries
--     (src/meta/src/controller/scale.rs:913-918 @ v2.7.0, scale.rs:1685-1690 @ HEAD), so its
--     fragments are never rendered and the next global recovery purges their state tables
--     (src/meta/src/barrier/context/recovery.rs:453-463 @ v2.7.0);
--   * all entries belong to one job and agree on distribution_type, vnode_count and fragment
--     parallelism (scale.rs: "entry fragments {:?} have inconsistent parallelism settings",
--     "Multiple jobs found in no-shuffle ensemble": recovery fails and is retried forever);
--   * all its fragments are in one database: LoadedFragmentContext::for_database asserts
--     "ensemble {..} partially exists in database ..", a crash loop
--     (src/meta/src/controller/scale.rs:272-278 @ v2.8.0, scale.rs:271-277 @ HEAD).
-- On the v2.3 to v2.6 stores this variant serves, actors are persisted and recovery loads them
-- as they are (load_all_actors, src/meta/src/controller/fragment.rs:1086-1127 @ v2.6.3): no
-- ensemble is walked, so a cycle was not found to crash or lose state before v2.7; it does
-- after an upgrade to v2.7 or later. An ensemble across databases has an edge across them:
-- v2.4 to v2.6 panic on it only in a per-database recovery
-- (src/meta/src/barrier/edge_builder.rs:134-138 @ v2.6.3, same lines @ v2.4.4), global
-- recovery does not; no panic was found at v2.3 (see edge-cross-database).
-- Such graphs come from hand-edited fragment_relation rows or a half-applied replace. The graph
-- is analysed in rwdoctor over the edge list below. What to do: compare the job's fragments and
-- edges with a backup (rwdoctor repair restore), or drop the job that introduced the bad edge.
-- This variant serves stores before v2.7, whose fragments have no parallelism column.
-- Scoped runs (CheckSpec::scoped) read the whole ensembles of the jobs' fragments ($2): the
-- NO_SHUFFLE edges (one scan of fragment_relation, as the whole-store run) are walked in both
-- directions from those fragments, and only the edges of the ensembles reached are joined to
-- their ends. The analyzer sees each such ensemble complete, as in the whole-store run.
WITH RECURSIVE
no_shuffle AS MATERIALIZED (
    SELECT r.source_fragment_id, r.target_fragment_id
    FROM fragment_relation r
    WHERE r.dispatcher_type = 'NO_SHUFFLE' AND $1::int[] IS NOT NULL
),
adjacent AS MATERIALIZED (
    SELECT n.source_fragment_id AS fragment_id, n.target_fragment_id AS other FROM no_shuffle n
    UNION ALL
    SELECT n.target_fragment_id, n.source_fragment_id FROM no_shuffle n
),
member(fragment_id) AS (
    SELECT a.fragment_id FROM adjacent a WHERE a.fragment_id = ANY($2::int[])
    UNION
    SELECT a.other FROM member m JOIN adjacent a ON a.fragment_id = m.fragment_id
),
edge AS (
    SELECT r.source_fragment_id, r.target_fragment_id
    FROM fragment_relation r
    WHERE r.dispatcher_type = 'NO_SHUFFLE' AND $1::int[] IS NULL
    UNION ALL
    SELECT n.source_fragment_id, n.target_fragment_id
    FROM no_shuffle n
    WHERE n.source_fragment_id IN (SELECT m.fragment_id FROM member m)
)
SELECT r.source_fragment_id, r.target_fragment_id,
       s.job_id AS source_job_id, t.job_id AS target_job_id,
       s.distribution_type::text AS source_distribution, t.distribution_type::text AS target_distribution,
       s.vnode_count AS source_vnode_count, t.vnode_count AS target_vnode_count,
       NULL::text AS source_parallelism, NULL::text AS target_parallelism,
       os.database_id AS source_database_id, ot.database_id AS target_database_id
FROM edge r
JOIN fragment s ON s.fragment_id = r.source_fragment_id
JOIN fragment t ON t.fragment_id = r.target_fragment_id
LEFT JOIN object os ON os.oid = s.job_id
LEFT JOIN object ot ON ot.oid = t.job_id
ORDER BY 1, 2;
