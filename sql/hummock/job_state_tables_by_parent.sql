-- With object.belong_to_oid (HEAD): the TABLE objects whose parent is one of the jobs in $1
-- (int array), as (job_id, table_id). They name a job's internal tables after its "table"
-- rows went with its fragments.
SELECT o.belong_to_oid AS job_id, o.oid AS table_id
FROM object o
WHERE o.belong_to_oid = ANY($1::int[]) AND o.obj_type = 'TABLE'
ORDER BY 1, 2;
