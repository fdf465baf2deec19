-- id: stream-node-mismatch
-- title: a fragment's stream_node plan merges from a fragment its upstream_fragment_id does not list
-- invariant: INV-26
-- severity: error
-- consequence: recovery-error
-- repairs: drop-job manual
-- requires: fragment streaming_job
-- until: m20250106_072104_fragment_relation
-- kind: analyzer
-- scope: jobs fragments
-- meta-node: recovery builds each actor's inputs from its actors' upstream actor ids, so a Merge from a fragment the list does not name gets none and the compute node fails to build the actor, at every recovery
-- explain:
--   Before v2.3 the edges into a fragment are its upstream_fragment_id list (JSON) and its
--   actors' upstream actor ids; the list has no dispatcher types, so only the upstream
--   fragment ids are compared (CREATING jobs' scan types matter from v2.7 only).
-- The query returns one row per CREATED job: its fragments, each with its upstream_fragment_id
-- list ("3<2:;8<3:"), and one last row (job_status ALL) with the ids of every fragment.
SELECT f.job_id, sj.job_status, sj.create_type, false AS typed_edges,
       string_agg(f.fragment_id::text || '<'
                  || coalesce(CASE WHEN jsonb_typeof(f.upstream_fragment_id) = 'array'
                                   THEN (SELECT string_agg(u.value || ':', ',')
                                         FROM jsonb_array_elements_text(f.upstream_fragment_id) AS u(value)) END, ''),
                  ';' ORDER BY f.fragment_id) AS fragments,
       CASE WHEN $1::int[] IS NOT NULL
            THEN string_agg(f.fragment_id::text || ':' || f.stream_node::text, ';' ORDER BY f.fragment_id) END AS plans
FROM fragment f
JOIN streaming_job sj ON sj.job_id = f.job_id
WHERE sj.job_status = 'CREATED'
  AND ($1::int[] IS NULL OR f.fragment_id = ANY($2::int[])) -- scope (CheckSpec::scoped)
GROUP BY f.job_id, sj.job_status, sj.create_type
UNION ALL
SELECT NULL, 'ALL', NULL, NULL, (SELECT string_agg(fragment_id::text, ',') FROM fragment), NULL
ORDER BY 1 NULLS LAST;
