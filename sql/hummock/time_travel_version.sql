-- The newest time-travel version (a full HummockVersion with every registered state table,
-- internal ones included) below $1 (bigint; pass a huge number for the newest of all).
-- RisingWave writes one about every 100 commits and at the first commit after each meta
-- start, while time_travel_retention_ms is not 0. Never written by rwdoctor.
SELECT version_id, version
FROM hummock_time_travel_version
WHERE version IS NOT NULL AND version_id < $1::bigint
ORDER BY version_id DESC
LIMIT 1;
