-- The entries of Hummock's table statistics (sql/hummock/version_stats.sql), one row each: the
-- key and the value's JSON text, as jsonb_each gives them. Read through COPY one row at a time
-- (db::MetaStoreSession::copy_rows): the map has an entry per state table, and parsed whole
-- it held the run's memory (83k entries at scale L in an incident, 8 MB of text: 60 MB more
-- peak RSS; a cluster with 500k state tables would have needed ten times that).
SELECT e.key, e.value::text
FROM hummock_version_stats h
CROSS JOIN LATERAL pg_catalog.jsonb_each(h.stats) AS e(key, value)
WHERE h.id = 0 AND pg_catalog.jsonb_typeof(h.stats) = 'object'
