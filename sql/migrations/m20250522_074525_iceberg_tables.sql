-- m20250522_074525_iceberg_tables (v2.4.1; also applied when upgrading from v2.4.0): a new,
-- empty table.
CREATE TABLE IF NOT EXISTS "iceberg_tables" (
  "catalog_name" varchar(255) NOT NULL,
  "table_namespace" varchar(255) NOT NULL,
  "table_name" varchar(255) NOT NULL,
  "metadata_location" varchar(1000),
  "previous_metadata_location" varchar(1000),
  PRIMARY KEY ("catalog_name", "table_namespace", "table_name")
);
