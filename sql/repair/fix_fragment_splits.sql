-- The fragment_splits rows of the fragments in $1 (int array), for split-duplicated's fix: the
-- row as it is now (bytea hex text).
SELECT s.fragment_id,
       s.splits
FROM fragment_splits s
WHERE s.fragment_id = ANY ($1::int[])
ORDER BY s.fragment_id;
