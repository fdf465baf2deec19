-- id: dml-fragment-invalid
-- title: table's dml_fragment_id is not a dml fragment of the same job
-- invariant: INV-17
-- severity: error
-- consequence: ddl-error
-- repairs: restore-fragments manual
-- requires: table fragment streaming_job
-- scope: jobs fragments
-- meta-node: not checked by the meta node; the frontend routes insert, update and delete to the wrong fragment or to none
-- explain:
--   table.dml_fragment_id, when set, must point to a fragment of the same job
--   (fragment.job_id = table_id) whose fragment_type_mask has the Dml bit (128).
--   prepare_streaming_job (streaming_job.rs) sets it for table jobs from the fragment
--   graph, and the replace path re-points it before it deletes the old fragments.
--   The frontend routes DML through this fragment's vnode mapping, so a wrong value makes
--   INSERT / UPDATE / DELETE on the table fail (for example "Streaming vnode mapping not
--   found for fragment", #19265) or write to the wrong actors. The foreign key
--   FK_table_dml_fragment_id has no ON DELETE action, so deleting the fragment alone fails,
--   and a dangling value is possible only with triggers disabled.
--   Not reported: INITIAL jobs, which the next recovery deletes.
--   This happens after a recovery during CREATE SINK INTO TABLE on old versions
--   (PR #20733, #20846) or hand-made edits. What to do: set dml_fragment_id to the job's
--   fragment that has the Dml bit.
SELECT
    t.table_id AS object_id,
    t.table_id AS job_id,
    t.dml_fragment_id AS fragment_id,
    format('table %s has dml_fragment_id %s, %s',
           t.table_id, t.dml_fragment_id,
           CASE
               WHEN f.fragment_id IS NULL THEN 'which does not exist'
               WHEN f.job_id <> t.table_id
                   THEN format('which belongs to job %s', f.job_id)
               ELSE format('whose fragment_type_mask %s lacks the dml bit (128)',
                           f.fragment_type_mask)
           END) AS message,
    'error' AS severity,
    'ddl-error' AS consequence
FROM "table" t
LEFT JOIN fragment f ON f.fragment_id = t.dml_fragment_id
LEFT JOIN streaming_job sj ON sj.job_id = t.table_id
WHERE t.dml_fragment_id IS NOT NULL
  AND sj.job_status IS DISTINCT FROM 'INITIAL'
  -- scope (CheckSpec::scoped): the jobs' table rows, and table rows naming their fragments ($2)
  AND ($1::int[] IS NULL
       OR t.table_id = ANY($1::int[])
       OR t.belongs_to_job_id = ANY($1::int[])
       OR t.dml_fragment_id = ANY($2::int[]))
  AND (f.fragment_id IS NULL
       OR f.job_id <> t.table_id
       OR (f.fragment_type_mask & 128) = 0)
ORDER BY t.table_id;
