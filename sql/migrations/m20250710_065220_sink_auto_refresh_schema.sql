-- m20250710_065220_sink_auto_refresh_schema (v2.6.0): existing sinks get NULL.
ALTER TABLE "sink" ADD COLUMN "auto_refresh_schema_from_table" integer NULL;
