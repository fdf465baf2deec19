-- m20250722_155040_table_refreshable (v2.6.0): every existing table is not refreshable.
ALTER TABLE "table" ADD COLUMN "refreshable" bool NOT NULL DEFAULT false;
