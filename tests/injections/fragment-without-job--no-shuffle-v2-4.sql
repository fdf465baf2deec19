-- case: v2.3-v2.6: streaming_job row of MV low_stock (39, database shop) deleted; its fragment 18 is NO_SHUFFLE-connected to live fragments 17 and 19, but its actors still load and run: a warning for the upgrade to v2.7+, where recovery fails on it
-- generations: v2_4
-- expect: fragment-without-job fragment_id=18 severity=warning
-- expect: relation-without-job object_id=39 severity=error
-- expect: relation-without-job object_id=40 severity=error
-- expect-worst: error
DELETE FROM streaming_job WHERE job_id = 39;
