-- case: the streaming_job row and the fragment of sink 26 are deleted (its sink row stays): nothing loads it at any release and the purge of the next recovery loses its state
-- generations: v2_0 v2_4 v2_8 v3_0_3 head
-- expect: relation-without-job object_id=26 severity=critical
DELETE FROM streaming_job WHERE job_id = 26;
DELETE FROM fragment WHERE job_id = 26;
