-- The id of the session's snapshot, so sibling connections of `rwdoctor check --jobs N` read
-- exactly what this one reads (SET TRANSACTION SNAPSHOT). Valid while this transaction is open.
SELECT pg_catalog.pg_export_snapshot();
