-- Which of the fragment ids $1 exist and do not belong to an object the drop deletes ($2).
SELECT f.fragment_id
FROM fragment f
WHERE f.fragment_id = ANY ($1::int[])
  AND NOT (f.job_id = ANY ($2::int[]))
ORDER BY f.fragment_id;
