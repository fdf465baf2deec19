-- m20250916_120000_add_refresh_fields (v2.7.0): dropped again by m20251030_120000_refresh_jobs.
ALTER TABLE "table" ADD COLUMN "refresh_state" varchar;
