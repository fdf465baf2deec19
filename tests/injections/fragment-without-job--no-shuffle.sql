-- case: streaming_job row of MV low_stock (39, database shop) deleted; its fragment 18 is NO_SHUFFLE-connected to live fragments 17 and 19 (ensemble assert panics)
-- generations: v2_8 v3_0_3 head
-- expect: fragment-without-job fragment_id=18 severity=critical
-- expect: relation-without-job object_id=39 severity=critical
-- expect: relation-without-job object_id=40 severity=critical
DELETE FROM streaming_job WHERE job_id = 39;
