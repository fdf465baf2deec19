-- case: the jobs reading from mv_orders still merge from its fragment 3, which is gone with all of mv_orders' fragments: job-without-fragments reports mv_orders, and stream-node-mismatch leaves the dangling Merges to it (its restore brings the edges back)
-- generations: all
-- expect: job-without-fragments job_id=16 severity=critical
DELETE FROM fragment WHERE job_id = 16;
