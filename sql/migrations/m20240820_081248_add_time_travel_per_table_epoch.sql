-- m20240820_081248_add_time_travel_per_table_epoch (v2.1.0): hummock_epoch_to_version gains
-- table_id and is keyed by (epoch, table_id). ADD PRIMARY KEY makes table_id NOT NULL, so on
-- PostgreSQL the migration aborts when the table holds rows ("column table_id contains null values").
ALTER TABLE "hummock_epoch_to_version" ADD COLUMN "table_id" bigint;
ALTER TABLE "hummock_epoch_to_version" DROP CONSTRAINT "hummock_epoch_to_version_pkey";
ALTER TABLE "hummock_epoch_to_version" ADD PRIMARY KEY ("epoch", "table_id");
