-- PostgreSQL reads pg_stat_activity once per transaction; this drops that copy, so that the
-- online gate's next look sees the sessions as they are now.
SELECT pg_catalog.pg_stat_clear_snapshot();
