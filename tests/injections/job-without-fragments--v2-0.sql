-- case: v2.0: the seed incident, every fragment of mv_orders deleted (actors and their dispatchers cascade)
-- generations: v2_0
-- expect: job-without-fragments job_id=16 severity=critical
DELETE FROM fragment WHERE job_id = 16;
