-- The RisingWave databases in the meta store, for --database.
SELECT database_id, name FROM database ORDER BY name;
