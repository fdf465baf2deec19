-- What SQL cannot clean for the objects in $1 (int array): one row per external resource.
SELECT so.source_id AS oid, 'source' AS kind,
       coalesce(so.with_properties ->> 'connector', '') AS connector, so.name AS name
FROM source so WHERE so.source_id = ANY($1::int[])
UNION ALL
SELECT k.sink_id, 'sink', coalesce(k.properties ->> 'connector', ''), k.name
FROM sink k WHERE k.sink_id = ANY($1::int[])
ORDER BY 1;
