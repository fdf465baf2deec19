-- case: v2.2-v2.6: the streaming_job row of MV "Top Customers" (24) is deleted; its actors still load, so recovery fails ("cannot find StreamActor of actor") and keeps the state; its fragment's RUNNING actors fail recovery the same way
-- generations: v2_4
-- expect: relation-without-job object_id=24 severity=error
-- expect: relation-without-job object_id=25 severity=error
-- expect: fragment-without-job fragment_id=8 severity=error
-- expect-worst: error
DELETE FROM streaming_job WHERE job_id = 24;
