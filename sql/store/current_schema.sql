-- The schema RisingWave's unqualified table names resolve to for this connection.
SELECT pg_catalog.current_schema(), pg_catalog.current_database();
