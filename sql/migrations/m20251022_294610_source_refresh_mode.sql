-- m20251022_294610_source_refresh_mode (v2.7.0): existing sources get NULL.
ALTER TABLE "source" ADD COLUMN "refresh_mode" bytea NULL;
