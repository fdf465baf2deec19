-- One audit row per repair, written in the repair's own transaction.
INSERT INTO rwdoctor.repair_log (os_user, host, tool_version, action, arguments, plan_hash, ticket, row_counts,
                                 undo_file, repair_id, undoes, objects, state)
VALUES ($1, $2, $3, $4, $5, $6, NULLIF($7, ''), $8::jsonb, NULLIF($9, ''), $10, NULLIF($11, ''), $12::int[],
        NULLIF($13, '')::jsonb)
RETURNING id;
