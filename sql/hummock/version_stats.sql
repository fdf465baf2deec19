-- Hummock's table statistics: one row, id 0, a jsonb map per state table id of key versions
-- and key/value bytes, rewritten at every commit and compaction report. Never written by rwdoctor.
SELECT stats::text
FROM hummock_version_stats
WHERE id = 0;
