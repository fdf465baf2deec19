-- case: v2.0-v2.5: sink 31 into table 30 is still backfilling (CREATING); up to v2.5 RisingWave lists it in incoming_sinks only when it becomes CREATED
-- generations: v2_0 v2_4
-- expect-none: incoming-sinks-mismatch
UPDATE streaming_job SET job_status = 'CREATING', create_type = 'FOREGROUND' WHERE job_id = 31;
UPDATE "table" SET incoming_sinks = '[]' WHERE table_id = 30;
