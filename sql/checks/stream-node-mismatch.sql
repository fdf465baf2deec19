-- id: stream-node-mismatch
-- title: a fragment's stream_node plan disagrees with the edges, or a CREATING job's scan cannot be resumed
-- invariant: INV-26
-- severity: error
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: fragment fragment_relation streaming_job
-- since: m20250106_072104_fragment_relation
-- kind: analyzer
-- scope: jobs fragments
-- meta-node: recovery gives each actor the upstream actors of its edges, so a Merge whose upstream fragment has no edge into it gets none and the actor fails to build ("no upstream actors found") at every recovery; from v2.7 recovery refuses a background CREATING job whose StreamScan is a legacy type ("Recovery for unreschedulable background jobs is not yet implemented"), and from v2.8 a scan without a type reaches unreachable!()
-- explain:
--   fragment.stream_node is the fragment's plan, a protobuf StreamNode tree. rwdoctor
--   decodes it with its own small copy of RisingWave's stream_plan.proto (only the Merge,
--   StreamScan nodes; field numbers unchanged from v2.0 to HEAD) and compares it
--   with the rows beside it:
--   - every Merge names its upstream fragment and dispatcher type. For a CREATED job there
--     must be an edge from that fragment into this one (fragment_relation from v2.3, before
--     that the fragment's upstream_fragment_id list), and NO_SHUFFLE on one side must be
--     NO_SHUFFLE on the other (a HASH Merge over a SIMPLE edge is normal). A Merge without an
--     edge gets no upstream actors at recovery (MergeExecutorBuilder), so recovery fails and
--     is retried forever: what a hand delete of fragment_relation rows leaves (#21720).
--     A Merge from a fragment that no longer exists is not reported: on SQL stores recovery
--     removes such a Union input of a table itself (clean_dirty_sink_downstreams, PR
--     #16258), and elsewhere it is the trace of the upstream job's own damage, which that
--     job's findings report (job-without-fragments, say); its repair brings the edge back.
--   - from v2.7 recovery resumes a background CREATING job only when every StreamScan is
--     reschedulable (INV-26): CHAIN, REARRANGE and BACKFILL (and UPSTREAM_ONLY up to v3.0.0;
--     v3.0.1 still refuses it too, but shares its migrations with v3.0.2 and v3.0.3, which
--     resume it) make it bail on every recovery; from v2.8 a scan without a type reaches
--     unreachable!() (critical). Before v2.7 such a job only keeps its parallelism. On HEAD
--     foreground CREATING jobs are resumed too and are judged alike.
--   Merges with upstream 0 (a placeholder), INITIAL jobs and the edge direction without a
--   Merge (UpstreamSinkUnion and cross-database snapshot backfill have none) are not
--   judged. Plans that do not decode are left to blob-malformed. When blob-malformed runs
--   too, the plans are decoded during its scan, so they are read once.
--   What to do: drop the job and create it again (rwdoctor repair drop), or copy the
--   fragment's row from a backup by hand; never edit the plan bytes.
-- The query returns one row per CREATED or CREATING job: its fragments, each with the edges
-- into it ("3<2:HASH,5:NO_SHUFFLE;8<"), and one last row (job_status ALL) with the ids of every
-- fragment, so a Merge from a fragment that is gone can be told from one without its edge. The
-- analyzer decodes the plans: scoped runs carry them here (plans, "3:\x0a..;8:..."); otherwise
-- they come from blob-malformed's scan, or are read once.
WITH edges AS (
    SELECT r.target_fragment_id, string_agg(r.source_fragment_id::text || ':' || r.dispatcher_type, ',') AS upstreams
    FROM fragment_relation r
    WHERE $1::int[] IS NULL OR r.target_fragment_id = ANY($2::int[])
    GROUP BY r.target_fragment_id
)
SELECT f.job_id, sj.job_status, sj.create_type, true AS typed_edges,
       string_agg(f.fragment_id::text || '<' || coalesce(e.upstreams, ''), ';' ORDER BY f.fragment_id) AS fragments,
       CASE WHEN $1::int[] IS NOT NULL
            THEN string_agg(f.fragment_id::text || ':' || f.stream_node::text, ';' ORDER BY f.fragment_id) END AS plans
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
LEFT JOIN edges e ON e.target_fragment_id = f.fragment_id
WHERE sj.job_status IN ('CREATED', 'CREATING')
  AND ($1::int[] IS NULL OR f.fragment_id = ANY($2::int[])) -- scope (CheckSpec::scoped)
GROUP BY f.job_id, sj.job_status, sj.create_type
UNION ALL
SELECT NULL, 'ALL', NULL, NULL, (SELECT string_agg(fragment_id::text, ',') FROM fragment), NULL
ORDER BY 1 NULLS LAST;
