-- Objects whose object.belong_to_oid is one of $1 (int array): their parent's drop removes
-- them through the belong_to_oid cascade (HEAD). (oid, related_oid, relation) as in
-- related_objects.sql.
SELECT o.belong_to_oid AS oid, o.oid AS related_oid, 'child' AS relation
FROM object o
WHERE o.belong_to_oid = ANY($1::int[]) AND o.oid <> o.belong_to_oid
ORDER BY 1, 2;
