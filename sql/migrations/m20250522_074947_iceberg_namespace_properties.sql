-- m20250522_074947_iceberg_namespace_properties (v2.4.1; also applied when upgrading from
-- v2.4.0): a new, empty table.
CREATE TABLE IF NOT EXISTS "iceberg_namespace_properties" (
  "catalog_name" varchar(255) NOT NULL,
  "namespace" varchar(255) NOT NULL,
  "property_key" varchar(255) NOT NULL,
  "property_value" varchar(1000),
  PRIMARY KEY ("catalog_name", "namespace", "property_key")
);
