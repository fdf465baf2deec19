-- m20250210_170743_function_options (v2.3.0): existing functions get NULL.
ALTER TABLE "function" ADD COLUMN "options" jsonb;
