-- The time-travel copies of the version deltas above version $1 (bigint): they survive the
-- checkpoint that vacuums hummock_version_delta, so the registrations after a time-travel
-- snapshot can be followed. Never written by rwdoctor.
SELECT version_id, version_delta
FROM hummock_time_travel_delta
WHERE version_delta IS NOT NULL AND version_id > $1::bigint
ORDER BY version_id;
