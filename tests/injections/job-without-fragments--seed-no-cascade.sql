-- case: CREATED MV mv_orders (16) has no fragments but its table rows survive (fragments deleted with triggers disabled, as in a partial restore; edges, splits and actors removed as the cascade would have)
-- generations: all
-- expect: job-without-fragments job_id=16 severity=critical
-- expect: state-table-mismatch job_id=16 severity=critical
SET session_replication_role = replica;
DELETE FROM fragment_relation WHERE source_fragment_id IN (2, 3) OR target_fragment_id IN (2, 3);
DELETE FROM actor WHERE fragment_id IN (2, 3);
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema()
             AND table_name = 'fragment_splits') THEN
    EXECUTE 'DELETE FROM fragment_splits WHERE fragment_id IN (2, 3)';
  END IF;
END
$$;
DELETE FROM fragment WHERE job_id = 16;
SET session_replication_role = origin;
