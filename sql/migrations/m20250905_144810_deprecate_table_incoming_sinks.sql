-- m20250905_144810_deprecate_table_incoming_sinks (v2.7.0): the lists are lost. The plans of
-- tables that sinks write into keep their Union of Merges until the meta node's legacy-table
-- migration task replaces them.
ALTER TABLE "table" DROP COLUMN "incoming_sinks";
