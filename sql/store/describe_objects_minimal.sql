-- Fallback for describe_objects.sql when the role cannot read every type table: type,
-- database and schema only ($1: int array).
SELECT o.oid, o.obj_type, o.database_id,
       NULL::varchar AS database_name, NULL::varchar AS schema_name,
       NULL::varchar AS object_name, NULL::varchar AS job_status, NULL::varchar AS kind_from_fragments
FROM pg_catalog.unnest($1::int[]) AS wanted(oid)
JOIN object o ON o.oid = wanted.oid;
