-- m20241121_101830_table_engine (v2.2.0): existing tables get NULL (a fresh v2.2+ table is
-- written with 'HUMMOCK' or 'ICEBERG').
ALTER TABLE "table" ADD COLUMN "engine" varchar;
