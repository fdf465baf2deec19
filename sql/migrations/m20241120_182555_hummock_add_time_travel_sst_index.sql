-- m20241120_182555_hummock_add_time_travel_sst_index (v2.1.0).
CREATE INDEX "idx_hummock_sstable_info_object_id" ON "hummock_sstable_info" ("object_id");
