-- case: v2.3.4 cluster (objects written by 2.3.4): table 30 lists sink 99 that is gone; v2.3.3 replaced the assert with a skip and recovery cleans the id
-- generations: v2_0
-- expect: incoming-sinks-mismatch job_id=30 severity=warning
UPDATE object SET created_at_cluster_version = 'PostgreSQL 13.14.0-RisingWave-2.3.4 (ffa5428aa13)',
                  initialized_at_cluster_version = 'PostgreSQL 13.14.0-RisingWave-2.3.4 (ffa5428aa13)' WHERE oid = 31;
UPDATE "table" SET incoming_sinks = '[31, 99]' WHERE table_id = 30;
