-- case: v2.7+: the streaming_job row of MV "Top Customers" (24) is deleted; its relation, internal table and fragment stay; recovery never loads the fragment and purges its state
-- generations: v2_8 v3_0_3 head
-- expect: relation-without-job object_id=24 severity=critical
-- expect: relation-without-job object_id=25 severity=critical
-- expect: fragment-without-job fragment_id=8 severity=critical
DELETE FROM streaming_job WHERE job_id = 24;
