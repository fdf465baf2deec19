-- Breaks a synthetic meta store the way the seed incident did: deletes the fragment rows of
-- some leaf jobs (the delete cascades their table rows), so that each becomes a
-- job-without-fragments finding that `repair drop` and `repair restore` repair.
-- Parameters (session settings): rwdoctor_synth.broken_jobs (how many), rwdoctor_synth.seed
-- (which ones). Returns the broken job ids, ascending.
-- Leaf jobs: no object_dependency row reads them, no edge leaves them for another job, and
-- they are not tables with a DML fragment (that reference has no ON DELETE CASCADE).
CREATE TEMP TABLE synth_broken AS
SELECT sj.job_id
FROM streaming_job AS sj
WHERE NOT EXISTS (SELECT 1 FROM object_dependency AS d WHERE d.oid = sj.job_id)
  AND NOT EXISTS (SELECT 1 FROM fragment AS f
                  JOIN fragment_relation AS r ON r.source_fragment_id = f.fragment_id
                  JOIN fragment AS t ON t.fragment_id = r.target_fragment_id
                  WHERE f.job_id = sj.job_id AND t.job_id <> sj.job_id)
  AND NOT EXISTS (SELECT 1 FROM "table" AS t WHERE t.table_id = sj.job_id AND t.dml_fragment_id IS NOT NULL)
  AND EXISTS (SELECT 1 FROM fragment AS f WHERE f.job_id = sj.job_id)
ORDER BY hashint8extended(sj.job_id, coalesce(nullif(current_setting('rwdoctor_synth.seed', true), '')::bigint, 1)),
         sj.job_id
LIMIT coalesce(nullif(current_setting('rwdoctor_synth.broken_jobs', true), '')::bigint, 0);
DELETE FROM fragment WHERE job_id IN (SELECT job_id FROM synth_broken);
SELECT job_id FROM synth_broken ORDER BY job_id;
