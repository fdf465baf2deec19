-- m20241001_013810_webhook_source (v2.2.0): existing tables get NULL.
ALTER TABLE "table" ADD COLUMN "webhook_info" bytea;
