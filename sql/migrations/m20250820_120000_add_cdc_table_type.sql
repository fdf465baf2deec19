-- m20250820_120000_add_cdc_table_type (v2.6.0): existing tables get NULL.
ALTER TABLE "table" ADD COLUMN "cdc_table_type" varchar NULL;
