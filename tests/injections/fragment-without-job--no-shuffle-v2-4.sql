-- case: v2.3-v2.6: streaming_job row of MV low_stock (39, database shop) deleted; its fragment 18 is NO_SHUFFLE-connected to live fragments 17 and 19; its RUNNING actors still load, the StreamActor map (built from streaming_job) lacks them, so recovery fails ("cannot find StreamActor of actor N", src/meta/src/barrier/mod.rs:154-156 @ v2.6.3)
-- generations: v2_4
-- expect: fragment-without-job fragment_id=18 severity=error
-- expect: relation-without-job object_id=39 severity=error
-- expect: relation-without-job object_id=40 severity=error
-- expect-worst: error
DELETE FROM streaming_job WHERE job_id = 39;
