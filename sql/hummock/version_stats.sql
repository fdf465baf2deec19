-- Hummock's table statistics: one row, id 0, a jsonb map per state table id of key versions
-- and key/value bytes, rewritten at every commit and compaction report. Never written by rwdoctor.
-- The map's JSON type only ('object' when it is one; no row when there is none): its entries
-- are read one at a time by sql/hummock/version_stats_entries.sql.
SELECT pg_catalog.jsonb_typeof(stats)
FROM hummock_version_stats
WHERE id = 0;
