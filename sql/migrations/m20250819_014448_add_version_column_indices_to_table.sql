-- m20250819_014448_add_version_column_indices_to_table (v2.6.0): the list holds the old
-- single version column where one is set, else it is empty; version_column_index is kept.
ALTER TABLE "table" ADD COLUMN "version_column_indices" jsonb;
UPDATE "table" SET "version_column_indices" = jsonb_build_array("version_column_index") WHERE "version_column_index" IS NOT NULL;
UPDATE "table" SET "version_column_indices" = '[]'::jsonb WHERE "version_column_index" IS NULL;
