-- m20250509_102041_remove_dispatcher (v2.5.0): the stale actor dispatchers are dropped
-- (drop_tables! macro: DROP TABLE IF EXISTS ... CASCADE, src/meta/model/migration/src/lib.rs).
DROP TABLE IF EXISTS "actor_dispatcher" CASCADE;
