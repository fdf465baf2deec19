-- id: ensemble-invalid
-- title: a no_shuffle ensemble has a cycle, disagreeing entry fragments or spans databases
-- invariant: INV-15
-- severity: error
-- worst-severity: critical
-- consequence: recovery-error
-- repairs: manual
-- requires: fragment_relation fragment.parallelism object
-- kind: analyzer
-- scope: jobs fragments
-- meta-node: a cycle without entry fragments is never rendered and its state is purged; disagreeing entries fail recovery with "entry fragments ... have inconsistent parallelism settings" or "Multiple jobs found in no-shuffle ensemble"; from v2.8 an ensemble across databases panics with "ensemble ... partially exists in database" (v2.7: only in a per-database recovery)
-- explain:
-- Fragments connected by NO_SHUFFLE edges are scheduled together as one "ensemble"
-- (find_no_shuffle_graphs in src/meta/src/controller/scale.rs). RisingWave renders an ensemble
-- from its entry fragments, those without a NO_SHUFFLE parent inside it, and assumes:
--   * the component is acyclic. Recovery starts only from fragments that are no NO_SHUFFLE
--     target (src/meta/src/controller/scale.rs:288-304 @ v2.7.0, scale.rs:531-547 @ HEAD)
--     and find_no_shuffle_graphs drops a component without entries:
--     src/meta/src/controller/scale.rs:913-918 @ v2.7.0, scale.rs:1167-1172 @ v2.8.0,
--     src/meta/src/controller/scale.rs:1683-1688 @ v3.0.3, scale.rs:1685-1690 @ HEAD.
--     Its fragments are never rendered, and the purge of the next global recovery
--     unregisters their state tables: src/meta/src/barrier/context/recovery.rs:453-463 @ v2.7.0,
--     src/meta/src/barrier/context/recovery.rs:664-674 @ v2.8.0, recovery.rs:695-705 @ v3.0.3,
--     src/meta/src/barrier/context/recovery.rs:948-958 @ HEAD. A cycle that still has an
--     entry fragment is kept there; what rendering then does with it was not traced;
--   * all entries belong to one job and agree on distribution_type, vnode_count and fragment
--     parallelism, else recovery fails and is retried forever with "entry fragments {:?}
--     have inconsistent parallelism settings" or "Multiple jobs found in no-shuffle
--     ensemble" (scale.rs:476, 486 @ v2.7.0; scale.rs:689, 699 @ v2.8.0; scale.rs:962, 972
--     @ v3.0.3; scale.rs:963, 974 @ HEAD; v2.7 and v2.8 do not compare distribution_type);
--   * all its fragments are in one database. From v2.8 LoadedFragmentContext::for_database
--     asserts "ensemble {..} partially exists in database ..", a crash loop:
--     src/meta/src/controller/scale.rs:272-278 @ v2.8.0, scale.rs:271-277 @ v3.0.3,
--     src/meta/src/controller/scale.rs:271-277 @ HEAD, called from
--     src/meta/src/barrier/context/recovery.rs:89 @ v2.8.0 and recovery.rs:100 @ HEAD.
--     In v2.7 global recovery renders such an ensemble; only a per-database recovery can
--     panic, at src/meta/src/barrier/context/recovery.rs:113 @ v2.7.0 (assert_eq! of the
--     loaded database) or src/meta/src/barrier/edge_builder.rs:140-144 @ v2.7.0.
-- Such graphs come from hand-edited fragment_relation rows or a half-applied replace. The graph
-- is analysed in rwdoctor over the edge list below. What to do: compare the job's fragments and
-- edges with a backup (rwdoctor repair restore), or drop the job that introduced the bad edge.
-- The query returns every NO_SHUFFLE edge with the attributes of both endpoints.
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
       s.parallelism::text AS source_parallelism, t.parallelism::text AS target_parallelism,
       os.database_id AS source_database_id, ot.database_id AS target_database_id
FROM edge r
JOIN fragment s ON s.fragment_id = r.source_fragment_id
JOIN fragment t ON t.fragment_id = r.target_fragment_id
LEFT JOIN object os ON os.oid = s.job_id
LEFT JOIN object ot ON ot.oid = t.job_id
ORDER BY 1, 2;
