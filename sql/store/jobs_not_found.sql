-- For `check --job`: each requested id that names no job (no streaming_job row, no fragment,
-- no table, sink, index or source object), with up to three ids that do, nearest first.
-- $1: the requested ids, int[].
WITH requested AS (
    SELECT DISTINCT unnest($1::integer[]) AS id
),
known AS (
    SELECT job_id AS id FROM streaming_job
    UNION SELECT job_id FROM fragment
    UNION SELECT oid FROM object WHERE obj_type IN ('TABLE', 'SINK', 'INDEX', 'SOURCE')
)
SELECT r.id,
       array_to_string(ARRAY(SELECT k.id FROM known k ORDER BY abs(k.id::bigint - r.id), k.id LIMIT 3), ',')
           AS nearest
FROM requested r
WHERE NOT EXISTS (SELECT 1 FROM known k WHERE k.id = r.id)
ORDER BY r.id;
