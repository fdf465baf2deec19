-- Type, database and status of the objects in $1 (int array), for planning.
SELECT o.oid, o.obj_type, o.database_id, o.schema_id, sj.job_status
FROM pg_catalog.unnest($1::int[]) AS wanted(oid)
JOIN object o ON o.oid = wanted.oid
LEFT JOIN streaming_job sj ON sj.job_id = o.oid
ORDER BY o.oid;
