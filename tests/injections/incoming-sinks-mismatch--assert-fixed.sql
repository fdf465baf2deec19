-- case: v2.3.4 cluster (objects written by 2.3.4): table 30 lists sink 99 that is gone and its DML fragment names a gone upstream (which asserts before v2.3.3); v2.3.3 replaced the assert with a skip and recovery cleans the id
-- generations: v2_0
-- expect: incoming-sinks-mismatch job_id=30 severity=warning
-- expect-worst: warning
UPDATE object SET created_at_cluster_version = 'PostgreSQL 13.14.0-RisingWave-2.3.4 (ffa5428aa13)',
                  initialized_at_cluster_version = 'PostgreSQL 13.14.0-RisingWave-2.3.4 (ffa5428aa13)' WHERE oid = 31;
UPDATE "table" SET incoming_sinks = '[31, 99]' WHERE table_id = 30;
UPDATE fragment SET upstream_fragment_id = '[98]' WHERE fragment_id = 10;
