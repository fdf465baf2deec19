-- For each job of $2, the newest repair of action $1 that touched it and that no undo took
-- back: a repeated drop or restore says when rwdoctor did it already.
SELECT r.id, pg_catalog.to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), r.action,
       COALESCE(r.repair_id, ''), '', COALESCE(r.undo_file, ''), r.host, j.job
FROM pg_catalog.unnest($2::int[]) AS j(job)
JOIN LATERAL (
  SELECT l.* FROM rwdoctor.repair_log l
  WHERE l.action = $1 AND l.objects @> ARRAY[j.job]
    AND NOT EXISTS (SELECT 1 FROM rwdoctor.repair_log u WHERE u.undoes = l.repair_id)
  ORDER BY l.id DESC
  LIMIT 1
) r ON true
ORDER BY j.job;
