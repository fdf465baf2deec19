-- The fragments in $1 (int array) that exist; only their ids are read, never their blobs.
SELECT f.fragment_id
FROM fragment f
WHERE f.fragment_id = ANY ($1::int[])
ORDER BY 1;
