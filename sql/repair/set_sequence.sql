-- Moves sequence $1 (its name as pg_get_serial_sequence gives it) to $2 (bigint): the next
-- value is $2 + 1. Not transactional: it stays even if the repair rolls back.
SELECT pg_catalog.setval($1::regclass, $2::bigint);
