-- id: state-table-mismatch
-- title: table.fragment_id and fragment.state_table_ids disagree
-- invariant: INV-16
-- severity: critical
-- consequence: data-loss
-- repairs: restore-fragments manual
-- requires: fragment table streaming_job object sink source object_dependency
-- scope: jobs fragments tables
-- meta-node: state tables that no loaded fragment lists are purged from hummock at the next global recovery; wrong fragment ids break batch reads and dml
-- explain:
--   For every job that is not INITIAL: each of its `table` rows (main table and internal
--   tables; the job is coalesce(belongs_to_job_id, table_id)) has a non-NULL fragment_id
--   pointing to a fragment of the same job whose state_table_ids JSON array contains the
--   table id; each table id is listed by exactly one fragment; and every id listed in
--   fragment.state_table_ids is a `table` row of the fragment's job. state_table_ids must
--   be a JSON array of integers. RisingWave writes all of this in prepare_streaming_job
--   and in the replace path's finish_fragments (streaming_job.rs).
--   The hummock purge of every global recovery keeps only the state tables listed by
--   loaded fragments (barrier/context/recovery.rs reload_runtime_info_impl,
--   HummockManager::purge), so a table that no fragment of its job lists loses its
--   state (critical). A wrong or missing table.fragment_id makes batch reads and DML fail
--   with "Streaming vnode mapping not found for fragment" (#19265). Ids listed without a
--   table row, listed twice, or a state_table_ids value that does not decode break
--   recovery (error).
--   Not reported: INITIAL jobs (T2: fragment_id is not set yet), temporary replacement jobs
--   (T5: their fragments list the original's state tables until the replace finishes) and
--   sink replacements named __rw_replacing_sink_* (T6).
--   This happens after a recovery during CREATE SINK INTO TABLE on old versions, partial
--   restores, or hand-made edits. What to do: restore the fragment and table rows of the
--   job together from a backup, or drop the job.
--   Citations (the critical case): the purge set is the loaded fragments' state_table_ids:
--   src/meta/src/barrier/recovery.rs:340-343 @ v2.0.7, :242-245 @ v2.1.5;
--   src/meta/src/barrier/context/recovery.rs:220-227 @ v2.2.6, :355-363 @ v2.4.4, :373-381
--   @ v2.6.3, :453-463 @ v2.7.0, :664-674 @ v2.8.0, :695-705 @ v3.0.3, :948-958 @ HEAD;
--   HummockManager::purge unregisters every registered table outside it:
--   src/meta/src/hummock/manager/compaction_group_manager.rs:168-182 @ v2.0.7;
--   src/meta/src/hummock/manager/compaction/compaction_group_manager.rs:155-170 @ v2.6.3,
--   :151-166 @ v2.8.0, :145-160 @ v3.0.3, :157-172 @ HEAD.
WITH
-- state_table_ids is expanded once (elem), each listed id is joined once to its table row
-- (listing), and one GROUP BY per table id (per_table) answers which fragments list it.
-- Every join is an equality (hash) join, so the cost grows linearly with the store.
--
-- Scoped runs (CheckSpec::scoped) read for the scope tables: the tables the jobs' fragments
-- ($2) list, the jobs' table rows and the table rows that point at the jobs' fragments ($3).
-- The jobs' own arrays are expanded once (scope_elem), for scope_table and for elem. Every
-- fragment that lists one of them (lister) is found in one streaming pass over all arrays;
-- elem, listing and the job filters then hold only those fragments and the jobs' own, so a
-- finding about a scope table sees every listing of it, as the whole-store run does.
-- The scoped sets are read through primary keys with `= ANY(ARRAY(...))` or joined; they are
-- never tested with IN inside an OR, which the planner may run as a quadratic loop.

-- every element of every state_table_ids array, with its table id when it is one; inlined
-- where it is used, so filters on the fragment reach the scan before the arrays are expanded.
-- The always-true BETWEEN tells the planner that an array has about one element instead of
-- its default guess of 100; with that guess the estimated cost is 100 times too high and
-- PostgreSQL spends seconds JIT-compiling the query.
-- A table id is a json number with no fraction digits in 0..2147483647 (30.0, -1 and 0.5 are
-- not). jsonb keeps a number as numeric, whose scale is the fraction digits written (3e1 is
-- 30 with scale 0), so this is the test "its text is only digits and fits an int4", read
-- without a regex: expanding every array at scale L takes 0.59 s with it, 0.88 s with the
-- regex.
any_elem AS NOT MATERIALIZED (
    SELECT f.fragment_id, f.job_id, e.value AS raw,
           CASE WHEN jsonb_typeof(e.value) = 'number'
                THEN CASE WHEN e.value::numeric BETWEEN 0 AND 2147483647 AND scale(e.value::numeric) = 0
                          THEN e.value::numeric::integer END
           END AS table_id
    FROM fragment f
    CROSS JOIN LATERAL jsonb_array_elements(
        CASE WHEN jsonb_typeof(f.state_table_ids::jsonb) = 'array' THEN f.state_table_ids::jsonb ELSE '[]'::jsonb END)
        WITH ORDINALITY AS e(value, n)
    WHERE e.n BETWEEN 1 AND 9223372036854775807
),
job_table AS NOT MATERIALIZED (
    SELECT t.table_id, coalesce(t.belongs_to_job_id, t.table_id) AS job_id, t.fragment_id
    FROM "table" t
),
-- scoped runs: the elements of the jobs' fragments ($2), expanded once
scope_elem AS MATERIALIZED (
    SELECT ae.fragment_id, ae.job_id, ae.raw, ae.table_id
    FROM any_elem ae
    WHERE ae.fragment_id = ANY($2::int[])
),
-- scoped runs: the tables the jobs' fragments list, and the jobs' table rows with those that
-- point at the jobs' fragments ($3, ScopeSet::tables)
scope_table AS MATERIALIZED (
    SELECT se.table_id FROM scope_elem se WHERE se.table_id IS NOT NULL
    UNION
    SELECT s.table_id FROM unnest($3::int[]) AS s(table_id)
),
-- scoped runs: the scope tables' rows, read once (three steps below read them, and each
-- lookup by primary key reads a page of the wide "table" heap)
scope_table_row AS MATERIALIZED (
    SELECT jt.table_id, jt.job_id, jt.fragment_id
    FROM job_table jt
    WHERE $1::int[] IS NOT NULL
      AND jt.table_id = ANY(ARRAY(SELECT st.table_id FROM scope_table st))
),
-- the table rows the findings read: every one, or in scoped runs those of the scope tables
table_row AS NOT MATERIALIZED (
    SELECT jt.table_id, jt.job_id, jt.fragment_id
    FROM job_table jt
    WHERE $1::int[] IS NULL
    UNION ALL
    SELECT str.table_id, str.job_id, str.fragment_id
    FROM scope_table_row str
    WHERE $1::int[] IS NOT NULL
),
-- scoped runs: the fragments that list a scope table. Elements are compared by their text,
-- which hashes cheaply (about 10 % less time than comparing jsonb values); an element that
-- elem reads as table id T has exactly T's digits as text. The text also matches a string
-- element such as "7", which elem reads as no table id: such a lister adds no finding, only a
-- job to the filters.
-- The arrays are expanded in the select list, which costs less per fragment than a lateral
-- join.
lister AS MATERIALIZED (
    SELECT DISTINCT x.fragment_id, x.job_id
    FROM (SELECT f.fragment_id, f.job_id,
                 jsonb_array_elements_text(CASE WHEN jsonb_typeof(f.state_table_ids::jsonb) = 'array'
                                                THEN f.state_table_ids::jsonb ELSE '[]'::jsonb END) AS raw
          FROM fragment f
          WHERE $1::int[] IS NOT NULL) x
    WHERE x.raw IN (SELECT st.table_id::text FROM scope_table st)
),
-- the jobs whose fragments or table rows the findings read: every job, or in scoped runs the
-- jobs, the listers' jobs and the scope tables' jobs. skip_job is a property of each job
-- alone, so it is computed for these only.
candidate_job AS MATERIALIZED (
    SELECT sj.job_id FROM streaming_job sj WHERE $1::int[] IS NULL
    UNION ALL
    SELECT sj.job_id
    FROM streaming_job sj
    WHERE $1::int[] IS NOT NULL
      AND sj.job_id = ANY(ARRAY(SELECT unnest($1::int[])
                                UNION
                                SELECT l.job_id FROM lister l
                                UNION
                                SELECT tr.job_id FROM table_row tr))
),
-- (job, object type) pairs where the job reads another live job of that type: T5 replacements
replaces AS (
    SELECT DISTINCT d.used_by AS job_id, orig.obj_type
    FROM object_dependency d
    JOIN object orig ON orig.oid = d.oid
    JOIN streaming_job osj ON osj.job_id = d.oid
    WHERE d.oid <> d.used_by
      AND d.used_by IN (SELECT c.job_id FROM candidate_job c)
),
skip_job AS (
    SELECT sj.job_id
    FROM candidate_job c
    JOIN streaming_job sj ON sj.job_id = c.job_id
    JOIN object o ON o.oid = sj.job_id
    LEFT JOIN "table" t ON t.table_id = sj.job_id
    LEFT JOIN sink k ON k.sink_id = sj.job_id
    LEFT JOIN source s ON s.source_id = sj.job_id
    LEFT JOIN replaces r ON r.job_id = sj.job_id AND r.obj_type = o.obj_type
    WHERE sj.job_status = 'INITIAL'
       OR (sj.job_status IS DISTINCT FROM 'CREATED'
           AND t.table_id IS NULL AND k.sink_id IS NULL AND s.source_id IS NULL
           AND r.job_id IS NOT NULL)
       OR k.name LIKE '\_\_rw\_replacing\_sink\_%'
),
frag AS NOT MATERIALIZED (
    SELECT f.fragment_id, f.job_id, f.state_table_ids::jsonb AS ids
    FROM fragment f
    JOIN streaming_job sj ON sj.job_id = f.job_id
    WHERE NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = f.job_id)
),
-- the elements of the fragments of jobs that are not skipped: every fragment, or in scoped
-- runs the jobs' own and the listers
elem AS (
    SELECT ae.fragment_id, ae.job_id, ae.raw, ae.table_id
    FROM any_elem ae
    JOIN streaming_job sj ON sj.job_id = ae.job_id
    WHERE NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = ae.job_id)
      AND $1::int[] IS NULL
    UNION ALL
    SELECT se.fragment_id, se.job_id, se.raw, se.table_id
    FROM scope_elem se
    JOIN streaming_job sj ON sj.job_id = se.job_id
    WHERE NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = se.job_id)
      AND $1::int[] IS NOT NULL
    UNION ALL
    SELECT ae.fragment_id, ae.job_id, ae.raw, ae.table_id
    FROM any_elem ae
    JOIN streaming_job sj ON sj.job_id = ae.job_id
    WHERE ae.fragment_id = ANY(ARRAY(SELECT l.fragment_id FROM lister l
                                     WHERE NOT (l.fragment_id = ANY($2::int[]))))
      AND NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = ae.job_id)
      AND $1::int[] IS NOT NULL
),
-- every listed table id with its table row, if any
listed AS NOT MATERIALIZED (
    SELECT e.fragment_id, e.job_id, e.table_id
    FROM elem e
    WHERE e.table_id IS NOT NULL AND $1::int[] IS NULL
    UNION ALL
    SELECT e.fragment_id, e.job_id, e.table_id
    FROM scope_table st
    JOIN elem e ON e.table_id = st.table_id
    WHERE $1::int[] IS NOT NULL
),
listing AS (
    SELECT e.fragment_id, e.job_id, e.table_id,
           jt.table_id AS jt_table_id, jt.job_id AS jt_job_id, jt.fragment_id AS jt_fragment_id
    FROM listed e
    LEFT JOIN table_row jt ON jt.table_id = e.table_id
),
-- per listed table id: the fragments that list it (min <> max: more than one), whether the
-- table row's own fragment is one of them, and the first one of the table's job
per_table AS (
    SELECT l.table_id, min(l.fragment_id) AS min_fragment, max(l.fragment_id) AS max_fragment,
           bool_or(l.fragment_id = l.jt_fragment_id) AS own_listed,
           min(l.fragment_id) FILTER (WHERE l.job_id = l.jt_job_id) AS first_of_job
    FROM listing l
    GROUP BY l.table_id
),
findings AS (
    -- state_table_ids is not an array
    SELECT fr.job_id AS object_id, fr.job_id, fr.fragment_id,
           format('fragment %s of job %s has state_table_ids %s, which is not a json array',
                  fr.fragment_id, fr.job_id,
                  coalesce(quote_literal(left(fr.ids::text, 60)), 'null')) AS message,
           'error' AS severity, 'recovery-error' AS consequence
    FROM frag fr
    WHERE (fr.ids IS NULL OR jsonb_typeof(fr.ids) <> 'array')
      AND ($1::int[] IS NULL OR fr.fragment_id = ANY($2::int[]))
    UNION ALL
    -- elements that are not table ids
    SELECT e.job_id, e.job_id, e.fragment_id,
           format('fragment %s of job %s lists %s in state_table_ids, which is not a table id',
                  e.fragment_id, e.job_id, quote_literal(left(e.raw::text, 40))),
           'error', 'recovery-error'
    FROM elem e
    WHERE e.table_id IS NULL
      AND ($1::int[] IS NULL OR e.job_id = ANY($1::int[]))
    UNION ALL
    -- listed ids without a table row of the same job
    SELECT l.job_id, l.job_id, l.fragment_id,
           CASE WHEN l.jt_table_id IS NULL
                THEN format('fragment %s of job %s lists state table %s, which has no table row',
                            l.fragment_id, l.job_id, l.table_id)
                ELSE format('fragment %s of job %s lists state table %s, which belongs to job %s',
                            l.fragment_id, l.job_id, l.table_id, l.jt_job_id)
           END,
           'error', 'recovery-error'
    FROM listing l
    WHERE l.jt_table_id IS NULL OR l.jt_job_id <> l.job_id
    UNION ALL
    -- ids listed by more than one fragment
    SELECT min(l.job_id), min(l.job_id), min(l.fragment_id),
           format('state table %s is listed by %s fragments (%s)',
                  l.table_id, count(DISTINCT l.fragment_id),
                  string_agg(DISTINCT l.fragment_id::text, ', ')),
           'error', 'recovery-error'
    FROM listing l
    WHERE l.table_id IN (SELECT pt.table_id FROM per_table pt
                         WHERE pt.min_fragment <> pt.max_fragment)
    GROUP BY l.table_id
    UNION ALL
    -- table rows whose fragment_id does not list them
    SELECT jt.table_id, jt.job_id, jt.fragment_id,
           format('%s table %s of job %s (%s) %s%s',
                  CASE WHEN jt.table_id = jt.job_id THEN 'main' ELSE 'state' END,
                  jt.table_id, jt.job_id, sj.job_status,
                  CASE
                      WHEN jt.fragment_id IS NULL THEN 'has a null fragment_id'
                      WHEN f.fragment_id IS NULL
                          THEN format('has fragment_id %s, which does not exist', jt.fragment_id)
                      WHEN f.job_id <> jt.job_id
                          THEN format('has fragment_id %s, which belongs to job %s',
                                      jt.fragment_id, f.job_id)
                      ELSE format('has fragment_id %s, whose state_table_ids do not list it',
                                  jt.fragment_id)
                  END,
                  CASE WHEN pt.first_of_job IS NULL
                       THEN '; no fragment of the job lists it, so its state is purged at the next global recovery'
                       ELSE format('; fragment %s lists it', pt.first_of_job)
                  END),
           CASE WHEN pt.first_of_job IS NULL THEN 'critical' ELSE 'error' END,
           CASE WHEN pt.first_of_job IS NULL THEN 'data-loss' ELSE 'ddl-error' END
    FROM table_row jt
    JOIN streaming_job sj ON sj.job_id = jt.job_id
    LEFT JOIN fragment f ON f.fragment_id = jt.fragment_id
    LEFT JOIN per_table pt ON pt.table_id = jt.table_id
    WHERE NOT EXISTS (SELECT 1 FROM skip_job k WHERE k.job_id = jt.job_id)
      AND (jt.fragment_id IS NULL
           OR f.fragment_id IS NULL
           OR f.job_id <> jt.job_id
           OR pt.own_listed IS NOT TRUE)
)
SELECT object_id, job_id, fragment_id, message, severity, consequence
FROM findings
ORDER BY object_id, fragment_id NULLS FIRST, message;
