-- The Hummock version deltas the meta node replays at start on top of its object-store
-- checkpoint (the rows above the last checkpoint; the vacuum loop deletes the older ones), in
-- version order. Read by rwdoctor's Hummock state grades; never written.
SELECT id, full_version_delta
FROM hummock_version_delta
WHERE full_version_delta IS NOT NULL
ORDER BY id;
