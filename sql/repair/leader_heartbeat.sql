-- Seconds since the meta leader's last heartbeat (NULL when there is no leader row). Only run
-- when the election_leader table exists.
SELECT EXTRACT(EPOCH FROM (pg_catalog.now() - max(last_heartbeat)))::float8 FROM election_leader;
