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

-- The delete, cascaded set-based. PostgreSQL's own ON DELETE CASCADE runs one query per deleted
-- row against every referencing table, and several referencing columns have no index in
-- RisingWave's schema (fragment_relation.target_fragment_id, "table".fragment_id), so breaking
-- 2000 jobs at scale M took 16 minutes that way. With the foreign-key triggers off
-- (session_replication_role = replica, for this transaction; the benchmark runs as a superuser)
-- the same rows go level by level, children first, one statement per foreign key, found in
-- pg_constraint: exactly the rows the cascade deletes. SET NULL keys are set to NULL; a
-- referencing row under NO ACTION / RESTRICT raises, as the plain DELETE would.
CREATE FUNCTION pg_temp.synth_delete_cascading(target regclass, condition text, depth integer DEFAULT 0)
RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  fk record;
  child_condition text;
  referenced boolean;
BEGIN
  IF depth > 8 THEN
    RAISE EXCEPTION 'synth_delete_cascading: foreign keys nest deeper than 8 levels below %', target;
  END IF;
  FOR fk IN
    SELECT c.conname, c.conrelid::regclass AS child, c.confdeltype, child_column.attname AS child_column,
           parent_column.attname AS parent_column, cardinality(c.conkey) AS width
    FROM pg_catalog.pg_constraint AS c
    JOIN pg_catalog.pg_attribute AS child_column
      ON child_column.attrelid = c.conrelid AND child_column.attnum = c.conkey[1]
    JOIN pg_catalog.pg_attribute AS parent_column
      ON parent_column.attrelid = c.confrelid AND parent_column.attnum = c.confkey[1]
    WHERE c.contype = 'f' AND c.confrelid = target
    ORDER BY c.conname
  LOOP
    IF fk.width <> 1 THEN
      RAISE EXCEPTION 'synth_delete_cascading: % is a foreign key over % columns', fk.conname, fk.width;
    END IF;
    child_condition := format('%I IN (SELECT %I FROM %s WHERE %s)', fk.child_column, fk.parent_column, target,
                              condition);
    IF fk.confdeltype = 'c' THEN
      PERFORM pg_temp.synth_delete_cascading(fk.child, child_condition, depth + 1);
    ELSIF fk.confdeltype = 'n' THEN
      EXECUTE format('UPDATE %s SET %I = NULL WHERE %s', fk.child, fk.child_column, child_condition);
    ELSE
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s WHERE %s)', fk.child, child_condition) INTO referenced;
      IF referenced THEN
        RAISE EXCEPTION 'synth_delete_cascading: rows of % still referenced by % (%)', target, fk.child, fk.conname;
      END IF;
    END IF;
  END LOOP;
  EXECUTE format('DELETE FROM %s WHERE %s', target, condition);
END
$fn$;

BEGIN;
SET LOCAL session_replication_role = replica;
DO $$ BEGIN PERFORM pg_temp.synth_delete_cascading('fragment', 'job_id IN (SELECT job_id FROM synth_broken)'); END $$;
COMMIT;
SELECT job_id FROM synth_broken ORDER BY job_id;
