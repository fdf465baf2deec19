-- m20251208_134652_clean_watermark_indices (v2.8.0): existing tables get NULL
-- (clean_watermark_index_in_pk keeps its value).
ALTER TABLE "table" ADD COLUMN "clean_watermark_indices" json;
