-- The audit rows of repair $1 and of any undo that took it back, oldest first: whole (undoes
-- = $1) or some of its steps (undoes = '$1#1,3', undo --incident).
SELECT id, pg_catalog.to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), action,
       COALESCE(repair_id, ''), COALESCE(undoes, ''), COALESCE(undo_file, ''), host
FROM rwdoctor.repair_log
WHERE repair_id = $1 OR undoes = $1 OR pg_catalog.starts_with(undoes, $1 || '#')
ORDER BY id;
