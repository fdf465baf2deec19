-- m20241226_074013_clean_watermark_index_in_pk (v2.3.0): existing tables get NULL.
ALTER TABLE "table" ADD COLUMN "clean_watermark_index_in_pk" integer;
