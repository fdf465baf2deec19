-- The migrations RisingWave has applied to this meta store (one row each).
SELECT version FROM seaql_migrations ORDER BY version;
