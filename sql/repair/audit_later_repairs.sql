-- Drops and restores that touched one of the objects $2 after repair $1 (after its audit row
-- $3, or, when it has none, after $4, the time its undo file was written) and that were not
-- undone since: while one stands, an undo of $1 would take back rows that repair relies on.
SELECT r.id, pg_catalog.to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), r.action,
       COALESCE(r.repair_id, ''), '', COALESCE(r.undo_file, ''), r.host
FROM rwdoctor.repair_log r
WHERE r.action IN ('drop', 'restore', 'all')
  AND r.objects && $2::int[]
  AND r.repair_id IS DISTINCT FROM $1
  AND CASE WHEN $3::bigint > 0 THEN r.id > $3::bigint ELSE r.at > $4::timestamptz END
  AND NOT EXISTS (SELECT 1 FROM rwdoctor.repair_log u WHERE u.undoes = r.repair_id)
ORDER BY r.id;
