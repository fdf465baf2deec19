-- case: v2.0-v2.1: the streaming_job row of MV "Top Customers" (24) is deleted; the job keeps running and only leaves the catalog, until an upgrade to v2.7+ purges its state
-- generations: v2_0
-- expect: relation-without-job object_id=24 severity=warning
-- expect: relation-without-job object_id=25 severity=warning
-- expect: fragment-without-job fragment_id=8 severity=warning
-- expect-worst: warning
DELETE FROM streaming_job WHERE job_id = 24;
