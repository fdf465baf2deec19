-- The objects in $1 (int array) that exist, by id.
SELECT o.oid
FROM object o
WHERE o.oid = ANY ($1::int[])
ORDER BY 1;
