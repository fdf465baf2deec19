-- One audit row per repair, written in the repair's own transaction.
INSERT INTO rwdoctor.repair_log (os_user, host, tool_version, action, arguments, plan_hash, ticket, row_counts, undo_file)
VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8::jsonb, NULLIF($9, ''))
RETURNING id;
