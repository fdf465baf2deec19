-- case: internal table 18 of mv_orders points at fragment 2 (same job), which does not list it; fragment 3 still does
-- generations: all
-- expect: state-table-mismatch job_id=16 severity=error
UPDATE "table" SET fragment_id = 2 WHERE table_id = 18;
